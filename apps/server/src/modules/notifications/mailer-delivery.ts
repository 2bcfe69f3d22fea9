import { eq } from 'drizzle-orm';
import { notificationDeliveries } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';

type Row = typeof notificationDeliveries.$inferSelect;

/**
 * Sends an outbox row of a route without a channel (Vitrina's mail) through the server's
 * mailer, which uses the organisation's own active Mail channel when it has one and the
 * platform's mailer otherwise. A refusal throws, so the job is retried with back-off like a
 * channel's; after the last attempt the row is failed with the refusal.
 */
export async function deliverByMailer(ctx: ServiceContext, row: Row, isLastAttempt: boolean): Promise<void> {
  try {
    await ctx.mailer.send({ to: row.recipient, subject: row.subject, body: row.text, orgId: row.orgId });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(notificationDeliveries)
      .set({ attempts: row.attempts + 1, error: message, ...(isLastAttempt ? { status: 'failed' as const } : {}) })
      .where(eq(notificationDeliveries.id, row.id));
    if (isLastAttempt) return;
    throw error;
  }
  await ctx.db
    .update(notificationDeliveries)
    .set({ status: 'sent', sentAt: ctx.clock.now(), attempts: row.attempts + 1, error: null })
    .where(eq(notificationDeliveries.id, row.id));
}
