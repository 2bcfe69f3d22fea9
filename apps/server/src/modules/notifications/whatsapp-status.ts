import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  notificationChannels,
  notificationDeliveries,
  users,
  WHATSAPP_STATUSES,
  type WhatsAppStatus,
  whatsappMessages,
} from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';

/** The job that reaches a failed WhatsApp notice's recipient by mail instead. */
export const NOTIFY_FALLBACK_JOB = 'notify.fallback';
export const notifyFallbackJob = defineJob({
  kind: NOTIFY_FALLBACK_JOB,
  payload: z.object({ deliveryId: z.number().int().positive() }),
});

export type WhatsAppSend = {
  orgId: number;
  channelId: number;
  wamid: string;
  purpose: 'notice' | 'sign_in_code' | 'test';
  recipient: string;
  deliveryId?: number;
  signInCodeId?: number;
  /** What to run if WhatsApp fails it later: a job kind and its payload. */
  fallback?: { job: string; payload: Record<string, unknown> };
};

/** Keeps a message WhatsApp accepted, so its status webhooks find it. */
export async function recordWhatsAppSend(db: Db, now: Date, send: WhatsAppSend): Promise<void> {
  await db
    .insert(whatsappMessages)
    .values({
      orgId: send.orgId,
      channelId: send.channelId,
      wamid: send.wamid,
      purpose: send.purpose,
      recipient: send.recipient,
      deliveryId: send.deliveryId ?? null,
      signInCodeId: send.signInCodeId ?? null,
      fallbackJob: send.fallback?.job ?? null,
      fallbackPayload: send.fallback?.payload ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** One entry of a status webhook's `statuses` (Meta's `Statuses` schema). */
export type StatusUpdate = {
  id: string;
  status: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};

const rank = (status: WhatsAppStatus) => WHATSAPP_STATUSES.indexOf(status);
const isStatus = (value: string): value is WhatsAppStatus => (WHATSAPP_STATUSES as readonly string[]).includes(value);

/**
 * Applies one status of a channel's message. Webhooks may come twice or out of order: a
 * status never goes back (read stays read when a late `delivered` comes), and `failed` is
 * final. The first `failed` sets the message's fallback going, fails a notice's outbox row
 * with WhatsApp's error, and puts a test's failure on its channel.
 */
export async function applyWhatsAppStatus(ctx: ServiceContext, channelId: number, update: StatusUpdate): Promise<void> {
  if (!isStatus(update.status)) return;
  const status = update.status;
  const error = update.errors?.[0];
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.wamid, update.id), eq(whatsappMessages.channelId, channelId)))
      .for('update');
    if (!row || row.status === 'failed' || (status !== 'failed' && rank(status) <= rank(row.status))) return null;
    await tx
      .update(whatsappMessages)
      .set({
        status,
        errorCode: error?.code ?? null,
        errorTitle: error ? (error.title ?? error.message ?? null) : null,
        updatedAt: now,
      })
      .where(eq(whatsappMessages.id, row.id));
    if (status !== 'failed') return null;
    const words = `WhatsApp ${error?.code ?? 'failed'}: ${error?.title ?? error?.message ?? 'the message was not delivered'}${
      error?.error_data?.details ? ` (${error.error_data.details})` : ''
    }`;
    if (row.deliveryId !== null) {
      await tx
        .update(notificationDeliveries)
        .set({ status: 'failed', error: words })
        .where(eq(notificationDeliveries.id, row.deliveryId));
    }
    if (row.purpose === 'test') {
      await tx.update(notificationChannels).set({ lastTestError: words }).where(eq(notificationChannels.id, channelId));
    }
    return row;
  });
  if (changed?.fallbackJob) {
    // The kind is named by the stored message: checked against the registered kind's schema.
    await ctx.jobs.enqueueNamed(
      changed.fallbackJob,
      { ...(changed.fallbackPayload ?? {}), wamid: changed.wamid },
      { key: `whatsapp-fallback:${changed.wamid}` },
    );
  }
}

/**
 * Reaches a notice's recipient another way once WhatsApp failed it: recipients of routes are
 * phone numbers, so the fallback is mail to the organisation's active user with that phone
 * (through the organisation's Mail channel or the outbox, as every mail of the organisation).
 * The outbox row keeps WhatsApp's error and says where the message went; with nobody to mail
 * it says so.
 */
export async function sendNoticeFallback(ctx: ServiceContext, deliveryId: number): Promise<void> {
  const [row] = await ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, deliveryId));
  if (!row || row.fallbackTo !== null) return;
  const digits = row.recipient.replace(/[^\d]/g, '');
  const [person] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.orgId, row.orgId),
        eq(users.active, true),
        sql`${`+${digits}`} = any(${users.phones})`,
        sql`${users.email} <> ''`,
      ),
    )
    .orderBy(users.id)
    .limit(1);
  if (!person) {
    await ctx.db
      .update(notificationDeliveries)
      .set({ error: `${row.error ?? 'WhatsApp failed'}; no other channel reaches ${row.recipient}` })
      .where(eq(notificationDeliveries.id, deliveryId));
    return;
  }
  await ctx.mailer.send({ to: person.email, orgId: row.orgId, subject: row.subject, body: row.text });
  await ctx.db
    .update(notificationDeliveries)
    .set({ fallbackTo: person.email })
    .where(eq(notificationDeliveries.id, deliveryId));
}
