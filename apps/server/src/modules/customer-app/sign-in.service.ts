import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  CHANNEL_TYPE,
  LOCALES,
  SIGN_IN_CODE_ATTEMPTS,
  SIGN_IN_CODE_RESEND_MS,
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_CODES_PER_HOUR,
  type TCustomerProfile,
  type TCustomerSession,
  USER_KIND,
  type ZCustomerSignIn,
  type ZRequestSignInCode,
} from '@vitrina/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { customerSignInCodes, organizations, users } from '../../db/schema/index.js';
import type { AnonymousActor, CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { hashToken } from '../../lib/crypto.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { defineJob } from '../../lib/job-kind.js';
import { type RateShare, RecentEvents } from '../../lib/recent-events.js';
import { createSession, revokeSession } from '../auth/index.js';
import { type OrgChannelDeps, recordWhatsAppSend, sendThroughOrgChannel } from '../notifications/index.js';
import { codeMessage } from './code-message.js';

const HOUR_MS = 3_600_000;
/** Code requests one address may make in an hour, whatever the phones. */
export const CODE_REQUESTS_PER_ADDRESS = 30;
/** Wrong codes one address may send in an hour, whatever the phones. */
export const CODE_FAILURES_PER_ADDRESS = 30;

type Key = `phone:${string}` | `ip:${string}` | `fail:${string}`;

/**
 * Counts code requests per phone (one a minute, five an hour) and per address, and wrong
 * codes per address. A phone is counted whether or not a customer has it, so a refusal
 * tells nothing about who is a customer. In memory and shared between instances.
 */
export class CodeLimiter {
  private readonly events: RecentEvents<Key>;

  constructor(now: () => number, share?: RateShare) {
    this.events = new RecentEvents<Key>(() => HOUR_MS, now, undefined, share);
  }

  requestWaitMs(ip: string, orgId: number, phone: string): number {
    const key: Key = `phone:${orgId}:${phone}`;
    const last = this.events.recent(key).at(-1);
    const resend = last === undefined ? 0 : Math.max(0, last + SIGN_IN_CODE_RESEND_MS - this.events.now());
    return Math.max(
      resend,
      this.events.waitMs(key, SIGN_IN_CODES_PER_HOUR),
      this.events.waitMs(`ip:${ip}`, CODE_REQUESTS_PER_ADDRESS),
    );
  }

  recordRequest(ip: string, orgId: number, phone: string): void {
    this.events.record(`phone:${orgId}:${phone}`);
    this.events.record(`ip:${ip}`);
  }

  failureWaitMs(ip: string): number {
    return this.events.waitMs(`fail:${ip}`, CODE_FAILURES_PER_ADDRESS);
  }

  recordFailure(ip: string): void {
    this.events.record(`fail:${ip}`);
  }
}

function rateLimited(waitMs: number) {
  return waitMs <= 60_000
    ? new AppError(429, 'errors.rate_limited_seconds', { seconds: Math.ceil(waitMs / 1000) })
    : new AppError(429, 'errors.rate_limited', { minutes: Math.ceil(waitMs / 60_000) });
}

/** The job that sends a code; the request only queues it, so known and unknown phones answer alike. */
export const SIGN_IN_CODE_JOB = 'app.sign-in-code';
export const signInCodeJob = defineJob({
  kind: SIGN_IN_CODE_JOB,
  payload: z.object({
    orgId: z.number().int(),
    phone: z.string(),
    locale: z.enum(LOCALES),
    /**
     * Set by a WhatsApp message's failure (its status webhook): the code it carried, to be
     * replaced by one sent by mail, if it is still the customer's live code.
     */
    replacesCodeId: z.number().int().optional(),
  }),
});

export async function requestCode(
  ctx: ServiceContext,
  limiter: CodeLimiter,
  body: z.output<typeof ZRequestSignInCode>,
  actor: AnonymousActor,
) {
  const ip = actor.ip ?? '';
  const waitMs = limiter.requestWaitMs(ip, body.org_id, body.phone);
  if (waitMs > 0) throw rateLimited(waitMs);
  limiter.recordRequest(ip, body.org_id, body.phone);
  await ctx.jobs.enqueue(signInCodeJob, { orgId: body.org_id, phone: body.phone, locale: actor.locale });
  return { resend_after_s: SIGN_IN_CODE_RESEND_MS / 1000 };
}

/** The active customer of an active organisation with this phone, if there is one. */
async function customerByPhone(ctx: ServiceContext, orgId: number, phone: string) {
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.userType, USER_KIND.client),
        eq(users.active, true),
        eq(organizations.active, true),
        sql`${phone} = any(${users.phones})`,
      ),
    )
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}

const codeHash = (userId: number, code: string) => hashToken(`${userId}:${code}`);

/** Whether the code is still the customer's live one: the newest, unused, unexpired. */
async function isLiveCode(ctx: ServiceContext, userId: number, codeId: number): Promise<boolean> {
  const [newest] = await ctx.db
    .select({
      id: customerSignInCodes.id,
      usedAt: customerSignInCodes.usedAt,
      expiresAt: customerSignInCodes.expiresAt,
    })
    .from(customerSignInCodes)
    .where(eq(customerSignInCodes.userId, userId))
    .orderBy(desc(customerSignInCodes.id))
    .limit(1);
  return newest?.id === codeId && newest.usedAt === null && newest.expiresAt > ctx.clock.now();
}

/**
 * Issues a code to the customer with this phone, if there is one: by WhatsApp through the
 * organisation's channel (its authentication template, the code as the parameter), or,
 * without one or when it refuses, by mail through its Mail channel or the outbox. WhatsApp
 * taking the message is not delivery: if its status webhook later reports it failed, this job
 * runs again with `replacesCodeId` and mails a new code, unless the customer has since asked
 * for another or used it. A new code replaces the earlier ones.
 */
export async function sendCode(
  ctx: ServiceContext,
  channels: OrgChannelDeps,
  { orgId, phone, locale, replacesCodeId }: z.output<typeof signInCodeJob.payload>,
) {
  const customer = await customerByPhone(ctx, orgId, phone);
  if (!customer) return;
  if (replacesCodeId !== undefined && !(await isLiveCode(ctx, customer.id, replacesCodeId))) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock.now();
  const codeId = await ctx.db.transaction(async (tx) => {
    await tx
      .update(customerSignInCodes)
      .set({ usedAt: now })
      .where(and(eq(customerSignInCodes.userId, customer.id), isNull(customerSignInCodes.usedAt)));
    const [row] = await tx
      .insert(customerSignInCodes)
      .values({
        userId: customer.id,
        codeHash: codeHash(customer.id, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
      })
      .returning({ id: customerSignInCodes.id });
    return row!.id;
  });
  const message = codeMessage(locale, code);
  if (replacesCodeId === undefined) {
    const outcome = await sendThroughOrgChannel(channels, orgId, CHANNEL_TYPE.whatsapp, {
      recipient: phone,
      ...message,
      kind: 'sign_in_code',
      code,
    });
    if (outcome.status === 'sent') {
      if (outcome.providerMessageId) {
        await recordWhatsAppSend(ctx.db, ctx.clock.now(), {
          orgId,
          channelId: outcome.channelId,
          wamid: outcome.providerMessageId,
          purpose: 'sign_in_code',
          recipient: phone,
          signInCodeId: codeId,
          fallback: { job: SIGN_IN_CODE_JOB, payload: { orgId, phone, locale, replacesCodeId: codeId } },
        });
      }
      return;
    }
  }
  await ctx.mailer.send({
    to: customer.email,
    orgId,
    subject: message.subject,
    body: message.text,
    demoLine: `sign-in code ${code} for ${phone}`,
  });
}

async function profileOf(ctx: ServiceContext, userId: number): Promise<TCustomerProfile> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      phones: users.phones,
      orgId: users.orgId,
      orgName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return { id: row.id, name: row.name, phone: row.phones[0] ?? null, org_id: row.orgId, org_name: row.orgName };
}

/** No user or code has id 0 (serial ids start at 1): an unknown phone's code is looked up and counted against it. */
const NO_ROW_ID = 0;

/**
 * Whether `code` is the live code of `userId`, counting the attempt against it. An unknown
 * phone (`userId` null) does the same work, statement for statement (the transaction, the
 * locking read, the hash and its comparison, the update that then touches no row), so the
 * answer takes as long for a phone nobody has as for a customer's.
 */
async function checkCode(ctx: ServiceContext, userId: number | null, code: string, now: Date): Promise<boolean> {
  const owner = userId ?? NO_ROW_ID;
  return ctx.db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(customerSignInCodes)
      .where(
        and(
          eq(customerSignInCodes.userId, owner),
          isNull(customerSignInCodes.usedAt),
          gt(customerSignInCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(customerSignInCodes.id))
      .limit(1)
      .for('update');
    const given = Buffer.from(codeHash(owner, code));
    const right = timingSafeEqual(Buffer.from(live?.codeHash ?? codeHash(owner, '')), given) && live !== undefined;
    const attempts = (live?.attempts ?? 0) + 1;
    await tx
      .update(customerSignInCodes)
      .set({ attempts, usedAt: right || attempts >= SIGN_IN_CODE_ATTEMPTS ? now : null })
      .where(eq(customerSignInCodes.id, live?.id ?? NO_ROW_ID));
    return right;
  });
}

/**
 * Exchanges a right code for a session. A wrong one counts against the code (five, then it is
 * spent) and against the caller's address; the answer does not say which was wrong: the
 * phone, the code, or its age.
 */
export async function signIn(
  ctx: ServiceContext,
  limiter: CodeLimiter,
  body: z.output<typeof ZCustomerSignIn>,
  actor: AnonymousActor,
): Promise<TCustomerSession> {
  const ip = actor.ip ?? '';
  const waitMs = limiter.failureWaitMs(ip);
  if (waitMs > 0) throw rateLimited(waitMs);
  const customer = await customerByPhone(ctx, body.org_id, body.phone);
  const now = ctx.clock.now();
  const matched = await checkCode(ctx, customer?.id ?? null, body.code, now);
  if (!customer || !matched) {
    limiter.recordFailure(ip);
    throw new AppError(401, 'app.code_invalid');
  }
  const token = await createSession(ctx.db, { userId: customer.id, ip: actor.ip, userAgent: actor.userAgent }, now);
  return { token, customer: await profileOf(ctx, customer.id) };
}

export async function signOut(ctx: ServiceContext, actor: CustomerActor) {
  await revokeSession(ctx.db, actor.sessionId, ctx.clock.now());
}

export function me(ctx: ServiceContext, actor: CustomerActor) {
  return profileOf(ctx, actor.userId);
}
