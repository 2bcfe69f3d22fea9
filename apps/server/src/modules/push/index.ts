/** Push messages: the queue, monthly limits at delivery, providers. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { pushRoutes } from './push.routes.js';
import { registerPushJobs } from './push-jobs.js';
import { inboxPushProvider, type PushProvider } from './push-providers.js';

export { type FcmServiceAccount, fcmPushProvider, ZFcmServiceAccount } from './fcm-provider.js';
export { keepPushDevice, markPushRead } from './inbox.repository.js';
export { PUSH_BATCH_SIZE, PUSH_SEND_JOB, sendPushMessage } from './push-delivery.js';
export { inboxPushProvider, type PushEnvelope, type PushOutcome, type PushProvider } from './push-providers.js';

/** `push`: where push messages go; omitted, the built-in inbox. */
export const pushModule: ModuleManifest<ModuleDeps & { push: PushProvider | undefined }, JobRunner> = {
  name: 'push',
  routes: (app, { ctx }) => app.register(pushRoutes, { ctx }),
  jobs: (runner, { ctx, push }) => registerPushJobs(runner, { ctx, provider: push ?? inboxPushProvider }),
};
