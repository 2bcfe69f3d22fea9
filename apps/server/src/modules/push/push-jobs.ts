import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { giveUp, PUSH_BATCH_SIZE, PUSH_SEND_JOB, sendPushMessage } from './push-delivery.js';
import type { PushProvider } from './push-providers.js';

/** The push jobs on the one job runner: a job per message sends it in batches through the provider. */
export function registerPushJobs(jobs: JobRunner, { ctx, provider }: { ctx: ServiceContext; provider: PushProvider }) {
  jobs.register(
    PUSH_SEND_JOB,
    async ({ job }) => {
      const messageId = Number(job.payload.messageId);
      try {
        await sendPushMessage(ctx, provider, messageId, PUSH_BATCH_SIZE, job.attempts >= job.maxAttempts);
      } catch (error) {
        if (job.attempts >= job.maxAttempts) {
          await giveUp(ctx, messageId, error instanceof Error ? error.message : String(error));
        }
        throw error;
      }
    },
    { backoffBaseMs: 10_000, backoffMaxMs: 10 * 60_000 },
  );
}
