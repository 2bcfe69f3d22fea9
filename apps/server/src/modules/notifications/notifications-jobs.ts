import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { ChannelEndpoints } from './channel-clients.js';
import { deliverNotification } from './delivery.js';
import { NOTIFY_DELIVER_JOB } from './routing.service.js';
import { NOTIFY_FALLBACK_JOB, sendNoticeFallback } from './whatsapp-status.js';

/** The notifications jobs on the one job runner: a job per delivery, and WhatsApp's fallback to mail. */
export function registerNotificationJobs(
  jobs: JobRunner,
  { ctx, endpoints }: { ctx: ServiceContext; endpoints: ChannelEndpoints },
) {
  jobs.register(
    NOTIFY_DELIVER_JOB,
    async ({ job }) => {
      await deliverNotification(ctx, endpoints, Number(job.payload.deliveryId), job.attempts >= job.maxAttempts);
    },
    { backoffBaseMs: 30_000, backoffMaxMs: 30 * 60_000 },
  );
  jobs.register(NOTIFY_FALLBACK_JOB, async ({ job }) => {
    await sendNoticeFallback(ctx, Number(job.payload.deliveryId));
  });
}
