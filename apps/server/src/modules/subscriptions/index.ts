/** Subscriptions per micromarket (issue 8): state, first payments, invoices, the monthly billing and the refusal rule. */

export { subscriptionRoutes } from './subscriptions.routes.js';
export {
  BILL_ORG_JOB,
  BILLING_JOB,
  billOrganisation,
  queueMonthlyBilling,
  subscriptionRefusal,
} from './subscriptions.service.js';
export { registerSubscriptionJobs } from './subscriptions-jobs.js';
