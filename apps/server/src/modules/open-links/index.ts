/** Open links: public pages that open a micromarket's door for a customer or a courier (§2). */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import type { CommandDelivery } from '../device-commands/index.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { openLinkRoutes } from './open-links.routes.js';
import { registerOpenLinkJobs } from './open-links-jobs.js';

export { customerClient, OpenLimiter, underAttemptLimits } from './open-limiter.js';
export { createLink, rateLimited } from './open-links.service.js';
export {
  appHoldKeyOf,
  heldAttemptKey,
  RELEASE_WEB_HOLDS_JOB,
  releaseAbandonedWebHolds,
} from './open-purchase.service.js';
export { openByApp } from './opening.service.js';

type OpenLinkDeps = ModuleDeps & {
  rateSharing: RateSharing;
  payments: PaymentProviders;
  /** Sends an opening's door command at once (the device gateway; none without a broker). */
  gateway: CommandDelivery | null;
};

export const openLinksModule: ModuleManifest<OpenLinkDeps, JobRunner> = {
  name: 'open-links',
  routes: (app, { ctx, rateSharing, payments, gateway }) =>
    app.register(openLinkRoutes, { ctx, delivery: gateway, rateSharing, payments }),
  jobs: (runner, { ctx, payments }) => registerOpenLinkJobs(runner, { ctx, providers: payments }),
};
