import { type DefaultPage, hasAnyPermission, type Permission, TOKEN_TTL_MS, USER_KIND } from '@vitrina/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';
import { organizationAccess, organizations, rolePermissions, roles, sessions, users } from '../db/schema/index.js';
import {
  type Actor,
  type AnonymousActor,
  anonymousActor,
  type CustomerActor,
  type SessionUser,
  type UserActor,
  userActor,
} from '../lib/actor.js';
import type { Clock } from '../lib/clock.js';
import { hashToken } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { OrgScope } from '../lib/org-scope.js';
import { type CachedSession, SessionCache, type SessionCacheOptions } from '../lib/session-cache.js';
import { localeOf } from './error-handler.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session. */
    public?: boolean;
    /** The caller needs at least one of these. */
    permissions?: readonly Permission[];
    /** The customer app's route: it takes a customer's session, not an employee's. */
    customer?: boolean;
  }
  interface FastifyInstance {
    /** Sessions served from memory; tests follow its notifications instead of sleeping. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** Who calls: set for every request, a user once the session is checked. */
    actor: Actor;
    /** On a customer app route, the signed-in customer. */
    customer: CustomerActor | null;
  }
}

/** Sliding expiry is written at most once a minute per session, not on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/**
 * Everything a request needs to know about its caller, in one round trip: the session and
 * user, their roles, the permissions of the own and the acting role, and the organisation
 * links. Every authenticated call the cache cannot answer runs this, so it is one
 * statement, not five.
 */
export async function loadSession(db: Db, tokenHash: string, now: number): Promise<CachedSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      actingRoleId: sessions.actingRoleId,
      userId: users.id,
      name: users.name,
      email: users.email,
      active: users.active,
      userType: users.userType,
      roleId: users.roleId,
      lang: users.lang,
      orgId: organizations.id,
      orgName: organizations.name,
      orgActive: organizations.active,
      currency: organizations.currency,
      roles: sql<
        { id: number; name: string; defaultPage: DefaultPage }[] | null
      >`(select json_agg(json_build_object('id', r.id, 'name', r.name, 'defaultPage', r.default_page))
        from ${roles} r where r.id = ${users.roleId} or r.id = ${sessions.actingRoleId})`,
      ownPermissions: sql<
        string[]
      >`array(select rp.permission from ${rolePermissions} rp where rp.role_id = ${users.roleId})`,
      actingPermissions: sql<
        string[]
      >`array(select rp.permission from ${rolePermissions} rp where rp.role_id = ${sessions.actingRoleId})`,
      links: sql<
        { orgId: number; level: number }[] | null
      >`(select json_agg(json_build_object('orgId', a.owner_org_id, 'level', a.access_level))
        from ${organizationAccess} a where a.grantee_org_id = ${users.orgId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
  // Only employees (§3 user type 2) hold panel sessions: a customer's is refused wherever it came from.
  if (!row?.active || !row.orgActive || row.userType !== USER_KIND.employee) return null;

  const roleRows = row.roles ?? [];
  const role = roleRows.find((r) => r.id === row.roleId) ?? null;
  const actingAs = roleRows.find((r) => r.id === row.actingRoleId) ?? null;
  const ownPermissions = new Set(row.ownPermissions);
  // Switching can only narrow: the acting role's permissions, within the user's own.
  const permissions = actingAs ? new Set(row.actingPermissions.filter((p) => ownPermissions.has(p))) : ownPermissions;

  const user: SessionUser = {
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    orgId: row.orgId,
    orgName: row.orgName,
    currency: row.currency,
    lang: row.lang,
    role,
    actingAs,
    permissions,
    ownPermissions,
    scope: permissions.has('view_all_organizations')
      ? OrgScope.all(row.orgId)
      : OrgScope.of(
          row.orgId,
          (row.links ?? []).map((link) => ({ orgId: Number(link.orgId), level: Number(link.level) })),
        ),
  };
  return { user, times: { lastUsedAt: row.lastUsedAt.getTime(), expiresAt: row.expiresAt.getTime() } };
}

/**
 * Slides the expiry, at most once a minute per session. It runs whether the session came
 * from the database or the cache, so a session used only from memory still stays alive.
 * The times are moved before the write so concurrent requests do not write it twice.
 */
async function touchSession(cache: SessionCache, session: CachedSession, now: number): Promise<void> {
  if (now - session.times.lastUsedAt <= TOUCH_INTERVAL_MS) return;
  session.times.lastUsedAt = now;
  session.times.expiresAt = now + TOKEN_TTL_MS;
  await cache.slide(session.user.sessionId, now);
}

/** The caller's session: from memory when the cache has it, else from the database (and kept). */
export async function resolveSession(db: Db, cache: SessionCache, token: string): Promise<SessionUser | null> {
  const key = hashToken(token);
  const now = cache.now();
  const cached = cache.get(key);
  if (cached) {
    await touchSession(cache, cached, now);
    return cached.user;
  }
  const generation = cache.generation;
  const loaded = await loadSession(db, key, now);
  if (!loaded) return null;
  await touchSession(cache, loaded, now);
  cache.set(key, loaded, generation);
  return loaded.user;
}

/** Methods that never write: every other request waits for its own changes to reach the cache. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type AuthPluginOptions = {
  database: Pick<Database, 'db' | 'listen'>;
  /** The app's clock: sessions expire, slide and leave the cache by it. */
  clock: Clock;
  sessionCache?: Omit<SessionCacheOptions, 'now' | 'slide'>;
  /** Writes a session's slid expiry: the auth module's `slideSession` (plugins may not import modules). */
  slide: (db: Db, sessionId: number, now: number) => Promise<void>;
};

/** Authenticates every /v1 route not marked public, then checks its permissions: 401 before 403 before 400. */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const { db } = options.database;
  const { clock } = options;
  const cache = new SessionCache({
    ...options.sessionCache,
    now: () => clock.nowMs(),
    slide: (sessionId, now) => options.slide(db, sessionId, now),
  });
  await cache.start(options.database);
  app.decorate('sessionCache', cache);
  app.addHook('onClose', () => cache.stop());
  app.decorateRequest('actor', null as unknown as { getter: () => Actor });
  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (request) => {
    const base = {
      via: 'http' as const,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      locale: localeOf(request),
    };
    request.actor = anonymousActor(base);
    request.customer = null;
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/v1/') || config.public || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (config.customer) {
      const customer = token ? await loadCustomerSession(db, hashToken(token), clock.nowMs(), options.slide) : null;
      if (!customer) throw unauthorized();
      request.customer = { ...base, ...customer, kind: 'customer' };
      return;
    }
    const user = token ? await resolveSession(db, cache, token) : null;
    if (!user) throw unauthorized();
    request.actor = userActor(user, base);
    if (!hasAnyPermission([...user.permissions], config.permissions)) throw forbidden();
  });
  if (cache.enabled) {
    // A write answers only once this instance has applied the changes it caused (its own
    // logout, a password reset, a role edit), so the caller's next request cannot be served
    // a session it has just revoked. Other instances apply them when the notification lands.
    app.addHook('onSend', async (request) => {
      if (!READ_ONLY_METHODS.has(request.method) && request.url.startsWith('/v1/')) await cache.sync();
    });
  }
});

/**
 * A customer's session of the customer app: live, not revoked, its customer (§3 user type 1)
 * and organisation active. Employees' sessions are not customers' (and the other way round:
 * `loadSession` refuses customers). Customers' calls are few, so they are not cached; the
 * expiry slides at most once a minute.
 */
async function loadCustomerSession(
  db: Db,
  tokenHash: string,
  now: number,
  slide: AuthPluginOptions['slide'],
): Promise<Omit<CustomerActor, 'kind' | 'via' | 'ip' | 'userAgent' | 'locale'> | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      userId: users.id,
      name: users.name,
      phones: users.phones,
      active: users.active,
      userType: users.userType,
      orgId: organizations.id,
      orgName: organizations.name,
      orgActive: organizations.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
  if (!row?.active || !row.orgActive || row.userType !== USER_KIND.client) return null;
  if (now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await slide(db, row.sessionId, now);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    phone: row.phones[0] ?? null,
    orgId: row.orgId,
    orgName: row.orgName,
  };
}

/** The caller of a public route, who has no session. */
export function anonymousOf(request: FastifyRequest): AnonymousActor {
  return anonymousActor(request.actor);
}

/** The signed-in customer of a customer app route; the hook above guarantees it. */
export function customerOf(request: FastifyRequest): CustomerActor {
  if (!request.customer) throw unauthorized();
  return request.customer;
}

/** The signed-in caller of a route that is not public; the hook above guarantees it. */
export function actorOf(request: FastifyRequest): UserActor {
  if (request.actor.kind !== 'user') throw unauthorized();
  return request.actor;
}
