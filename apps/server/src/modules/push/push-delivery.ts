import { monthStartIn } from '@vitrina/contract';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import { RetryLaterError } from '../../lib/retry-later.js';
import * as repo from './push.repository.js';
import type { PushEnvelope, PushProvider } from './push-providers.js';

export const PUSH_SEND_JOB = 'push.send';
export const pushSendJob = defineJob({
  kind: PUSH_SEND_JOB,
  payload: z.object({ messageId: z.number().int().positive() }),
  backoff: { baseMs: 10_000, maxMs: 10 * 60_000 },
});
/** Customers per batch: one transaction records each batch and moves the cursor past it. */
export const PUSH_BATCH_SIZE = 1000;

export const pushJobKey = (messageId: number) => `push:${messageId}`;

const audienceOf = (message: repo.MessageRow): repo.Audience => ({
  orgId: message.orgId,
  audience: message.audience,
  groupIds: message.groupIds,
  userId: message.userId,
  phone: message.phone,
});

const envelopeOf = (message: repo.MessageRow, userId: number): PushEnvelope => ({
  messageId: message.id,
  userId,
  importance: message.importance,
  title: message.title,
  body: message.body,
  action: message.action,
  extra: message.extra,
});

/**
 * Marks the message as sending, once. Pending rows of an earlier run are a batch a
 * non-transactional provider may or may not have taken: failed, never sent again.
 */
async function begin(ctx: ServiceContext, messageId: number): Promise<repo.MessageRow | null> {
  return ctx.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (!message || (message.status !== 'scheduled' && message.status !== 'sending')) return null;
    if (message.status === 'scheduled') {
      await repo.updateMessage(tx, messageId, { status: 'sending', startedAt: ctx.clock.now() });
    }
    const lost = await repo.failPendingDeliveries(tx, messageId, 'interrupted: the provider’s answer is unknown');
    if (lost > 0) await repo.advanceMessage(tx, messageId, { failed: lost });
    return { ...message, status: 'sending' };
  });
}

/**
 * One batch: the next customers after the cursor, those at their monthly limit for the
 * importance skipped and counted, the rest handed to the provider. Answers what still has to
 * go to a non-transactional provider, or null when the audience is exhausted.
 */
async function sendBatch(
  ctx: ServiceContext,
  provider: PushProvider,
  message: repo.MessageRow,
  timeZone: string,
  batchSize: number,
): Promise<PushEnvelope[] | null> {
  return ctx.db.transaction(async (tx) => {
    const current = await repo.lockMessage(tx, message.id);
    if (current?.status !== 'sending') return null;
    const now = ctx.clock.now();
    const recipients = await repo.nextRecipients(
      tx,
      audienceOf(current),
      current.importance,
      current.cursor,
      batchSize,
    );
    if (recipients.length === 0) return null;
    const counts = await repo.monthlyCounts(
      tx,
      recipients.map((recipient) => recipient.id),
      current.importance,
      monthStartIn(now, timeZone),
    );
    const isOver = (recipient: repo.Recipient) => (counts.get(recipient.id) ?? 0) >= recipient.limit;
    const allowed = recipients.filter((recipient) => !isOver(recipient));
    const envelopes = allowed.map((recipient) => envelopeOf(current, recipient.id));
    const skipped = recipients.length - allowed.length;
    const cursor = recipients.at(-1)!.id;
    const skippedRows = recipients
      .filter(isOver)
      .map((recipient) => ({ userId: recipient.id, status: 'skipped_limit' as const }));
    if (provider.transactional) {
      const outcomes = await provider.send(envelopes, tx);
      await repo.insertDeliveries(tx, {
        messageId: current.id,
        importance: current.importance,
        now,
        rows: [
          ...skippedRows,
          ...outcomes.map((outcome) => ({
            userId: outcome.userId,
            status: outcome.error === null ? ('delivered' as const) : ('failed' as const),
            error: outcome.error,
          })),
        ],
      });
      const failed = outcomes.filter((outcome) => outcome.error !== null).length;
      await repo.advanceMessage(tx, current.id, {
        cursor,
        delivered: outcomes.length - failed,
        failed,
        skippedLimit: skipped,
      });
      return [];
    }
    const inserted = await repo.insertDeliveries(tx, {
      messageId: current.id,
      importance: current.importance,
      now,
      rows: [...skippedRows, ...allowed.map((recipient) => ({ userId: recipient.id, status: 'pending' as const }))],
    });
    await repo.advanceMessage(tx, current.id, { cursor, skippedLimit: skipped });
    const fresh = new Set(inserted.filter((row) => row.status === 'pending').map((row) => row.userId));
    return envelopes.filter((envelope) => fresh.has(envelope.userId));
  });
}

/**
 * Hands a recorded batch to an outside provider and records its answers; answers how long the
 * provider asked to wait for the customers it refused for now (null when it refused none so).
 */
async function sendOutside(
  ctx: ServiceContext,
  provider: PushProvider,
  messageId: number,
  envelopes: PushEnvelope[],
): Promise<number | null> {
  if (envelopes.length === 0) return null;
  const outcomes = await provider.send(envelopes, ctx.db);
  const later = outcomes.filter((outcome) => outcome.error !== null && outcome.retryAfterMs !== undefined);
  await ctx.db.transaction(async (tx) => {
    await repo.settleDeliveries(tx, messageId, ctx.clock.now(), outcomes);
    const failed = outcomes.filter((outcome) => outcome.error !== null).length - later.length;
    await repo.advanceMessage(tx, messageId, { delivered: outcomes.length - failed - later.length, failed });
  });
  return later.length === 0 ? null : Math.max(...later.map((outcome) => outcome.retryAfterMs ?? 0));
}

/**
 * The customers an earlier run left waiting (`retry`), sent again batch by batch, each once
 * per run; answers the longest wait the provider asked for those it refused again.
 */
async function resendRetries(
  ctx: ServiceContext,
  provider: PushProvider,
  message: repo.MessageRow,
  batchSize: number,
): Promise<number | null> {
  const waiting = await repo.countRetries(ctx.db, message.id);
  let wait: number | null = null;
  for (let done = 0; done < waiting; ) {
    const userIds = await repo.takeRetries(ctx.db, message.id, Math.min(batchSize, waiting - done));
    if (userIds.length === 0) break;
    done += userIds.length;
    const asked = await sendOutside(
      ctx,
      provider,
      message.id,
      userIds.map((userId) => envelopeOf(message, userId)),
    );
    if (asked !== null) wait = Math.max(wait ?? 0, asked);
  }
  return wait;
}

/** Sent when anyone got it or nobody was left to send to; failed when every attempt failed. */
async function finish(ctx: ServiceContext, messageId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (message?.status !== 'sending') return;
    const isFailed = message.failed > 0 && message.delivered === 0;
    await repo.updateMessage(tx, messageId, {
      status: isFailed ? 'failed' : 'sent',
      finishedAt: ctx.clock.now(),
      error: isFailed ? 'the provider refused every message' : null,
    });
  });
}

/**
 * Sends a due message batch by batch (the job `push.send`). A run cut off anywhere resumes
 * after the cursor: a customer never gets one message twice (one delivery row per message and
 * customer), and the monthly limits are read at delivery, batch by batch. Customers the
 * provider refused for now (FCM's 429, 500, 503) wait as `retry`: the run ends by throwing
 * RetryLaterError with the provider's Retry-After, the job's back-off brings it back, and the
 * next run sends only those; on the job's last attempt they are failed instead.
 */
export async function sendPushMessage(
  ctx: ServiceContext,
  provider: PushProvider,
  messageId: number,
  batchSize = PUSH_BATCH_SIZE,
  isLastAttempt = false,
): Promise<void> {
  const message = await begin(ctx, messageId);
  if (!message) return;
  const { timeZone } = await repo.orgClock(ctx.db, message.orgId);
  let wait = await resendRetries(ctx, provider, message, batchSize);
  for (;;) {
    const outside = await sendBatch(ctx, provider, message, timeZone, batchSize);
    if (outside === null) break;
    const asked = await sendOutside(ctx, provider, messageId, outside);
    if (asked !== null) wait = Math.max(wait ?? 0, asked);
  }
  if (wait !== null) {
    if (!isLastAttempt) {
      const waiting = await repo.countRetries(ctx.db, messageId);
      throw new RetryLaterError(`${waiting} customers wait for the provider to take the message`, wait);
    }
    const failed = await repo.failRetries(ctx.db, messageId);
    await repo.advanceMessage(ctx.db, messageId, { failed });
  }
  await finish(ctx, messageId);
}

/** A send that failed its last attempt is shown as failed with the reason. */
export async function giveUp(ctx: ServiceContext, messageId: number, error: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (message?.status !== 'sending' && message?.status !== 'scheduled') return;
    await repo.updateMessage(tx, messageId, { status: 'failed', finishedAt: ctx.clock.now(), error });
  });
}
