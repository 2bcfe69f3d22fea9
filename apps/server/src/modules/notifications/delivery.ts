import { CHANNEL_TYPE } from '@vitrina/contract';
import { and, eq, max } from 'drizzle-orm';
import { notificationChannels, notificationDeliveries } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { RetryLaterError } from '../../lib/retry-later.js';
import type { ChannelEndpoints } from './channel-clients.js';
import { deliverByMailer } from './mailer-delivery.js';
import { deliveryJobKey, notifyDeliverJob } from './routing.service.js';
import { sendThroughStoredChannel } from './stored-channel.js';
import { NOTIFY_FALLBACK_JOB, recordWhatsAppSend, sendNoticeFallback } from './whatsapp-status.js';

/** A channel sends at most one message per this interval (Telegram allows about one a second per chat). */
export const CHANNEL_INTERVAL_MS = 1_000;

/**
 * Sends one outbox row through its channel (the job `notify.deliver`). A channel that sent
 * less than CHANNEL_INTERVAL_MS ago makes the row wait (a new job at the channel's next
 * turn); a refusal throws, so the job runner retries with back-off (at least as long as the
 * service asked, as Telegram's flood control does) and, after the last attempt, the row is
 * failed with the service's answer. A long Telegram message goes in parts, and a retry sends
 * only the parts still missing. WhatsApp's acceptance is recorded with its message id, whose
 * status webhooks may still fail it; a WhatsApp refusal that asking again cannot change (a
 * missing template, a bad number) fails the row at once, and any failed WhatsApp message
 * falls back to mail (`notify.fallback`). An inactive or deleted channel fails the row at once.
 */
export async function deliverNotification(
  ctx: ServiceContext,
  endpoints: ChannelEndpoints,
  deliveryId: number,
  isLastAttempt: boolean,
): Promise<void> {
  const [row] = await ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, deliveryId));
  if (row?.status !== 'queued') return;
  const fail = (error: string) =>
    ctx.db
      .update(notificationDeliveries)
      .set({ status: 'failed', error, attempts: row.attempts + 1 })
      .where(eq(notificationDeliveries.id, deliveryId));
  if (row.viaMailer) return deliverByMailer(ctx, row, isLastAttempt);
  const [channel] = row.channelId
    ? await ctx.db.select().from(notificationChannels).where(eq(notificationChannels.id, row.channelId))
    : [];
  if (!channel?.active) {
    await fail(channel ? 'the channel is inactive' : 'the channel was deleted');
    return;
  }
  const [last] = await ctx.db
    .select({ at: max(notificationDeliveries.sentAt) })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.channelId, channel.id), eq(notificationDeliveries.status, 'sent')));
  const waitMs = last?.at ? last.at.getTime() + CHANNEL_INTERVAL_MS - ctx.clock.nowMs() : 0;
  if (waitMs > 0) {
    await ctx.db
      .update(notificationDeliveries)
      .set({ deferrals: row.deferrals + 1 })
      .where(eq(notificationDeliveries.id, deliveryId));
    await ctx.jobs.enqueue(
      notifyDeliverJob,
      { deliveryId },
      {
        key: deliveryJobKey(deliveryId, row.deferrals + 1),
        runAt: new Date(ctx.clock.nowMs() + waitMs),
        maxAttempts: 6,
      },
    );
    return;
  }
  const outcome = await sendThroughStoredChannel(ctx.secrets, endpoints, channel, {
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    kind: 'notice',
    partsSent: row.partsSent,
  });
  const isWhatsApp = channel.type === CHANNEL_TYPE.whatsapp;
  if (outcome.ok) {
    await ctx.db
      .update(notificationDeliveries)
      .set({
        status: 'sent',
        sentAt: ctx.clock.now(),
        attempts: row.attempts + 1,
        error: null,
        partsSent: outcome.parts,
      })
      .where(eq(notificationDeliveries.id, deliveryId));
    if (isWhatsApp && outcome.providerMessageId) {
      await recordWhatsAppSend(ctx.db, ctx.clock.now(), {
        orgId: row.orgId,
        channelId: channel.id,
        wamid: outcome.providerMessageId,
        purpose: 'notice',
        recipient: row.recipient,
        deliveryId,
        fallback: { job: NOTIFY_FALLBACK_JOB, payload: { deliveryId } },
      });
    }
    return;
  }
  if (isLastAttempt || (isWhatsApp && outcome.permanent)) {
    await ctx.db
      .update(notificationDeliveries)
      .set({ status: 'failed', error: outcome.error, attempts: row.attempts + 1, partsSent: outcome.partsSent })
      .where(eq(notificationDeliveries.id, deliveryId));
    if (isWhatsApp) await sendNoticeFallback(ctx, deliveryId);
    return;
  }
  await ctx.db
    .update(notificationDeliveries)
    .set({ attempts: row.attempts + 1, error: outcome.error, partsSent: outcome.partsSent })
    .where(eq(notificationDeliveries.id, deliveryId));
  throw outcome.retryAfterMs === null
    ? new Error(outcome.error)
    : new RetryLaterError(outcome.error, outcome.retryAfterMs);
}
