import { isIP } from 'node:net';
import { TOKEN_TTL_MS } from '@vitrina/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, userTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/crypto.js';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}

export type NewSession = {
  userId: number;
  actingRoleId?: number | null;
  parentSessionId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Returns the clear token; only its hash is stored. `now` is the context clock's: the
 * session's start (which the known-address check reads) and its expiry follow it.
 */
export async function createSession(db: Db, session: NewSession, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: session.userId,
    actingRoleId: session.actingRoleId ?? null,
    parentSessionId: session.parentSessionId ?? null,
    ip: session.ip ?? null,
    userAgent: session.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  return token;
}

/** Slides a session's expiry from `now` (the auth plugin asks at most once a minute per session). */
export async function slideSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + TOKEN_TTL_MS) })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends the user's open sessions, except `keepSessionId` (the caller's own, when they change their own password). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  options: { keepSessionId?: number | undefined } = {},
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.keepSessionId === undefined ? undefined : ne(sessions.id, options.keepSessionId),
      ),
    );
}

/** Whether the account with this email started a session from this address since `since`. */
export async function hasSignedInFrom(db: Db, where: { email: string; ip: string; since: Date }): Promise<boolean> {
  if (isIP(where.ip) === 0) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`lower(${users.email}) = ${where.email.toLowerCase()}`,
        sql`${sessions.ip} = ${where.ip}::inet`,
        gt(sessions.createdAt, where.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function issueUserToken(db: Db, userId: number, kind: 'registration' | 'reset', ttlMs: number, now: Date) {
  const token = newToken();
  // A new link replaces the earlier ones of the same kind.
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The unused link, if it has not expired by `now`. */
export async function findValidUserToken(db: Db, token: string, kind: 'registration' | 'reset', now: Date) {
  const [row] = await db
    .select({ id: userTokens.id, userId: userTokens.userId, email: users.email, name: users.name })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Marks the token used; false when another request used it first. */
export async function consumeUserToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}
