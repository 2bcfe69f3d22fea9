/** Subscriptions per micromarket: state, first payments, invoices, the monthly billing and the refusal rule. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { registerSubscriptionJobs } from './subscriptions-jobs.js';

export { BILL_ORG_JOB, BILLING_JOB, billOrganisation, queueMonthlyBilling } from './subscription-billing.service.js';
export { subscriptionRefusal } from './subscription-refusal.js';

export const subscriptionsModule: ModuleManifest<ModuleDeps & { payments: PaymentProviders }, JobRunner> = {
  name: 'subscriptions',
  routes: (app, { ctx, payments }) => app.register(subscriptionRoutes, { ctx, providers: payments }),
  jobs: (runner, { ctx, payments }) => registerSubscriptionJobs(runner, { ctx, providers: payments }),
};
