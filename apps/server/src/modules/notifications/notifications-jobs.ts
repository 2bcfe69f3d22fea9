import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { ChannelEndpoints } from './channel-clients.js';
import { deliverNotification } from './delivery.js';
import { notifyDeliverJob } from './routing.service.js';
import { notifyFallbackJob, sendNoticeFallback } from './whatsapp-status.js';

/** The notifications jobs on the one job runner: a job per delivery, and WhatsApp's fallback to mail. */
export function registerNotificationJobs(
  jobs: JobRunner,
  { ctx, endpoints }: { ctx: ServiceContext; endpoints: ChannelEndpoints },
) {
  jobs.register(notifyDeliverJob, async ({ deliveryId }, { job }) => {
    await deliverNotification(ctx, endpoints, deliveryId, job.attempts >= job.maxAttempts);
  });
  jobs.register(notifyFallbackJob, async ({ deliveryId }) => {
    await sendNoticeFallback(ctx, deliveryId);
  });
}
