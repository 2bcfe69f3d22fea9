/** Subscriptions per micromarket (issue 8): state, first payments, invoices, the monthly billing and the refusal rule. */

export { BILL_ORG_JOB, BILLING_JOB, billOrganisation, queueMonthlyBilling } from './subscription-billing.service.js';
export { subscriptionRefusal } from './subscription-refusal.js';
export { subscriptionRoutes } from './subscriptions.routes.js';
export { registerSubscriptionJobs } from './subscriptions-jobs.js';
