import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { giveUp, PUSH_BATCH_SIZE, pushSendJob, sendPushMessage } from './push-delivery.js';
import type { PushProvider } from './push-providers.js';

/** The push jobs on the one job runner: a job per message sends it in batches through the provider. */
export function registerPushJobs(jobs: JobRunner, { ctx, provider }: { ctx: ServiceContext; provider: PushProvider }) {
  jobs.register(pushSendJob, async ({ messageId }, { job }) => {
    const isLastAttempt = job.attempts >= job.maxAttempts;
    try {
      await sendPushMessage(ctx, provider, messageId, PUSH_BATCH_SIZE, isLastAttempt);
    } catch (error) {
      if (isLastAttempt) await giveUp(ctx, messageId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
}
