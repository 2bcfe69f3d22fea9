/**
 * The subscription operations the routes, the jobs and the tests call, each kept in the file
 * that does that one job: the device list, subscribing and its changes, invoice settlement and
 * the monthly billing.
 */
export {
  BILL_ORG_JOB,
  BILLING_JOB,
  billingJob,
  billOrganisation,
  billOrgJob,
  queueMonthlyBilling,
} from './subscription-billing.service.js';
export { listDevices } from './subscription-devices.service.js';
export { markInvoicePaid } from './subscription-settlement.service.js';
export { changeSubscription, subscribe } from './subscription-state.service.js';
