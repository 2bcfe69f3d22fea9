/** The customer app's API: customers sign in by a one-time code and use their own rows only. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import type { CommandDelivery } from '../device-commands/index.js';
import type { JobRunner } from '../jobs/index.js';
import type { ChannelEndpoints } from '../notifications/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { customerAppRoutes } from './customer-app.routes.js';
import { registerCustomerAppJobs } from './customer-app-jobs.js';

export { CODE_FAILURES_PER_ADDRESS, CODE_REQUESTS_PER_ADDRESS, SIGN_IN_CODE_JOB } from './sign-in.service.js';

type CustomerAppDeps = ModuleDeps & {
  rateSharing: RateSharing;
  payments: PaymentProviders;
  channelEndpoints: ChannelEndpoints;
  /** Sends an opening's door command at once (the device gateway; none without a broker). */
  gateway: CommandDelivery | null;
};

export const customerAppModule: ModuleManifest<CustomerAppDeps, JobRunner> = {
  name: 'customer-app',
  routes: (app, { ctx, rateSharing, payments, gateway }) =>
    app.register(customerAppRoutes, { ctx, rateSharing, payments, delivery: gateway }),
  jobs: (runner, { ctx, channelEndpoints }) => registerCustomerAppJobs(runner, { ctx, endpoints: channelEndpoints }),
};
