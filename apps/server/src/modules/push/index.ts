/** Push messages (issue 11, §2 `/push/new`, `/push/queue`): the queue, monthly limits at delivery, providers. */

export { type FcmServiceAccount, fcmPushProvider, ZFcmServiceAccount } from './fcm-provider.js';
export { keepPushDevice, markPushRead } from './inbox.repository.js';
export { pushRoutes } from './push.routes.js';
export { PUSH_BATCH_SIZE, PUSH_SEND_JOB, sendPushMessage } from './push-delivery.js';
export { registerPushJobs } from './push-jobs.js';
export { inboxPushProvider, type PushEnvelope, type PushOutcome, type PushProvider } from './push-providers.js';
