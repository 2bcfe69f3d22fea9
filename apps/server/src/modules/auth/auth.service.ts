import {
  LOCALES,
  type Locale,
  REGISTRATION_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type TLoginBody,
  type TMe,
  type TRegistrationBody,
  translate,
  USER_KIND,
} from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizations, roles, users } from '../../db/schema/index.js';
import type { Actor, AnonymousActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { defineJob } from '../../lib/job-kind.js';
import type { LoginLimiter } from '../../lib/login-limiter.js';
import type { ResetLimiter } from '../../lib/reset-limiter.js';
import { writeAudit } from '../audit/index.js';
import { findRole } from '../roles/index.js';
import {
  consumeUserToken,
  createSession,
  findUserByEmail,
  findValidUserToken,
  hasSignedInFrom,
  issueUserToken,
  revokeSession,
  revokeUserSessions,
} from './auth.repository.js';

type SessionAnswer = { token: string; default_page: 'dashboard' | 'dubai_courier' | 'devices' };

/** An address where the account signed in within this time counts as the real user's. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

function rateLimited(waitMs: number): AppError {
  return waitMs < 60_000
    ? new AppError(429, 'errors.rate_limited_seconds', { seconds: Math.ceil(waitMs / 1000) })
    : new AppError(429, 'errors.rate_limited', { minutes: Math.ceil(waitMs / 60_000) });
}

export async function login(
  ctx: ServiceContext,
  limiter: LoginLimiter,
  body: TLoginBody,
  actor: AnonymousActor,
): Promise<SessionAnswer> {
  const ip = actor.ip ?? '';
  const minutes = limiter.retryAfterMinutes(ip, body.email);
  if (minutes > 0) throw new AppError(429, 'errors.rate_limited', { minutes });
  // Guesses spread over many addresses still slow down per account; the real user's usual
  // address is let through, so an attacker cannot keep them out (docs/decisions/001-sessions-and-sign-in.md).
  const accountWaitMs = limiter.accountRetryAfterMs(body.email);
  if (accountWaitMs > 0) {
    const since = new Date(ctx.clock.nowMs() - KNOWN_ADDRESS_MS);
    if (!(await hasSignedInFrom(ctx.db, { email: body.email, ip, since }))) throw rateLimited(accountWaitMs);
  }
  const user = await findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    limiter.recordFailure(ip, body.email);
    throw new AppError(401, 'auth.invalid_credentials');
  }
  if (!user.active) throw new AppError(401, 'auth.disabled');
  // A customer buys through the customer flows; the panel is for employees only.
  if (user.userType !== USER_TYPE_EMPLOYEE) throw forbidden('auth.customer_no_panel');
  limiter.recordSuccess(ip, body.email);
  return startSession(ctx, user.id, actor);
}

async function startSession(ctx: ServiceContext, userId: number, actor: Actor): Promise<SessionAnswer> {
  const [who] = await ctx.db
    .select({ userType: users.userType, orgActive: organizations.active })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId));
  if (who?.userType !== USER_TYPE_EMPLOYEE) throw forbidden('auth.customer_no_panel');
  // A deactivated organisation's people cannot sign in until the platform activates it again.
  if (!who.orgActive) throw new AppError(401, 'auth.organization_inactive');
  const now = ctx.clock.now();
  const token = await createSession(ctx.db, { userId, ip: actor.ip, userAgent: actor.userAgent }, now);
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  const [row] = await ctx.db
    .select({ defaultPage: roles.defaultPage })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return { token, default_page: row?.defaultPage ?? 'dashboard' };
}

export function me(actor: UserActor): TMe {
  const effective = actor.actingAs ?? actor.role;
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    roles: [...actor.permissions].sort(),
    currency: actor.currency,
    lang: actor.lang,
    org_id: actor.orgId,
    org_name: actor.orgName,
    default_page: effective?.defaultPage ?? 'dashboard',
    role: actor.role ? { id: actor.role.id, name: actor.role.name } : null,
    acting_as: actor.actingAs ? { role_id: actor.actingAs.id, role_name: actor.actingAs.name } : null,
  };
}

export async function logout(ctx: ServiceContext, actor: UserActor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId, ctx.clock.now());
}

/** §3 user type 2: only employees sign in to the panel (type 1 customers never do). */
export const USER_TYPE_EMPLOYEE = USER_KIND.employee;

/** Spec §4 role switching: a session bound to the real user that works as `roleId`. */
export async function switchRole(ctx: ServiceContext, actor: UserActor, roleId: number): Promise<SessionAnswer> {
  if (!actor.ownPermissions.has('switch_role')) throw forbidden();
  const role = await findRole(ctx.db, roleId);
  if (!role || (role.orgId !== null && !actor.scope.canSee(role.orgId))) throw notFound();
  const beyond = role.permissions.filter((permission) => !actor.ownPermissions.has(permission));
  if (beyond.length > 0) throw forbidden('role.permission_not_held', { permissions: beyond.join(', ') });
  return replaceSession(ctx, actor, {
    actingRole: role,
    action: 'switch_role',
    from: actor.actingAs?.id ?? actor.role?.id ?? null,
  });
}

export async function switchBack(ctx: ServiceContext, actor: UserActor): Promise<SessionAnswer> {
  if (!actor.actingAs) throw conflict('auth.not_switched');
  return replaceSession(ctx, actor, { actingRole: null, action: 'switch_role_back', from: actor.actingAs.id });
}

/** Revokes the current token and issues one for the user working as `actingRole` (null: their own role). */
async function replaceSession(
  ctx: ServiceContext,
  actor: UserActor,
  change: {
    actingRole: { id: number; defaultPage: SessionAnswer['default_page'] } | null;
    action: string;
    from: number | null;
  },
): Promise<SessionAnswer> {
  const target = change.actingRole ?? actor.role;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId, now);
    const token = await createSession(
      tx,
      {
        userId: actor.userId,
        actingRoleId: change.actingRole?.id ?? null,
        parentSessionId: change.actingRole ? actor.sessionId : null,
        ip: actor.ip,
        userAgent: actor.userAgent,
      },
      now,
    );
    await writeAudit(tx, actor, {
      action: change.action,
      entity: 'user',
      entityId: actor.userId,
      before: { role_id: change.from },
      after: { role_id: target?.id ?? null },
    });
    return { token, default_page: target?.defaultPage ?? 'dashboard' };
  });
}

export async function invitationInfo(ctx: ServiceContext, token: string) {
  const row = await findValidUserToken(ctx.db, token, 'registration', ctx.clock.now());
  if (!row) throw notFound('auth.link_invalid');
  return { email: row.email, name: row.name };
}

export async function register(ctx: ServiceContext, body: TRegistrationBody, actor: AnonymousActor) {
  const row = await findValidUserToken(ctx.db, body.token, 'registration', ctx.clock.now());
  if (!row) throw notFound('auth.link_invalid');
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await consumeUserToken(tx, row.id, now))) throw notFound('auth.link_invalid');
    if (body.email !== row.email.toLowerCase()) {
      const taken = await findUserByEmail(tx, body.email);
      if (taken && taken.id !== row.userId)
        throw new AppError(409, 'user.email_taken', {}, { email: 'user.email_taken' });
    }
    await tx
      .update(users)
      .set({ name: body.name, email: body.email, passwordHash, updatedAt: now })
      .where(eq(users.id, row.userId));
    await writeAudit(tx, actor, {
      action: 'register',
      entity: 'user',
      entityId: row.userId,
      before: { name: row.name, email: row.email },
      after: { name: body.name, email: body.email },
    });
  });
  return startSession(ctx, row.userId, actor);
}

/**
 * Always answers the same, so the call cannot tell which emails exist. Limited per address
 * and per email before the account is looked up, so a 429 tells nothing either: it comes
 * as soon for an email nobody has as for a real one (docs/decisions/001-sessions-and-sign-in.md).
 */
/** The job that mails a reset link; the request only queues it (see requestPasswordReset). */
export const RESET_MAIL_JOB = 'auth.reset-mail';

/**
 * Counts the request and queues the mail. Whether the email has an account is decided in the
 * job, so the answer does the same work, and takes the same time, for real and unknown emails.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  limiter: ResetLimiter,
  email: string,
  actor: AnonymousActor,
) {
  const ip = actor.ip ?? '';
  const waitMs = limiter.retryAfterMs(ip, email);
  if (waitMs > 0) throw rateLimited(waitMs);
  limiter.record(ip, email);
  await ctx.jobs.enqueue(resetMailJob, { email, locale: actor.locale });
}

export const resetMailJob = defineJob({
  kind: RESET_MAIL_JOB,
  payload: z.object({ email: z.string(), locale: z.enum(LOCALES) }),
});

/** Mails a reset link if the email belongs to an active account with a password; nothing otherwise. */
export async function mailResetLink(ctx: ServiceContext, { email, locale }: z.output<typeof resetMailJob.payload>) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.active || !user.passwordHash || user.userType !== USER_TYPE_EMPLOYEE) return;
  const token = await issueUserToken(ctx.db, user.id, 'reset', RESET_TOKEN_TTL_MS, ctx.clock.now());
  await ctx.mailer.send({
    to: user.email,
    orgId: user.orgId,
    subject: translate('auth_mail.reset_subject', locale),
    body: `${translate('auth_mail.reset_text', locale)}\n\n${ctx.publicUrl}/reset/password/${token}\n`,
  });
}

export async function resetTokenInfo(ctx: ServiceContext, token: string) {
  const row = await findValidUserToken(ctx.db, token, 'reset', ctx.clock.now());
  if (!row) throw notFound('auth.link_invalid');
  return { email: row.email };
}

export async function resetPassword(ctx: ServiceContext, token: string, password: string, actor: AnonymousActor) {
  const row = await findValidUserToken(ctx.db, token, 'reset', ctx.clock.now());
  if (!row) throw notFound('auth.link_invalid');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await consumeUserToken(tx, row.id, now))) throw notFound('auth.link_invalid');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    // A reset ends every open session: whoever knew the old password is signed out.
    await revokeUserSessions(tx, row.userId, now);
    await writeAudit(tx, actor, { action: 'reset_password', entity: 'user', entityId: row.userId });
  });
}

/** Issues a registration link; mail it with `mailInvitation` once the transaction has committed. */
export async function issueInvitation(
  ctx: Pick<ServiceContext, 'db' | 'publicUrl' | 'clock'>,
  userId: number,
): Promise<string> {
  const token = await issueUserToken(ctx.db, userId, 'registration', REGISTRATION_TOKEN_TTL_MS, ctx.clock.now());
  return `${ctx.publicUrl}/registration/${token}`;
}

export async function mailInvitation(
  ctx: ServiceContext,
  user: { email: string; lang: Locale; org_id: number },
  link: string,
) {
  await ctx.mailer.send({
    to: user.email,
    orgId: user.org_id,
    subject: translate('auth_mail.invitation_subject', user.lang),
    body: `${translate('auth_mail.invitation_text', user.lang)}\n\n${link}\n`,
  });
}

export function assertNotRegistered(registered: boolean) {
  if (registered) throw conflict('user.already_registered');
}
