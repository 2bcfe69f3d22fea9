import { hasAnyPermission, type Permission, TOKEN_TTL_MS } from '@vitrina/contract';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { organizationAccess, organizations, rolePermissions, roles, sessions, users } from '../db/schema/index.js';
import { hashToken } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { OrgScope } from '../lib/org-scope.js';

export type AuthContext = {
  sessionId: number;
  userId: number;
  name: string;
  email: string;
  orgId: number;
  orgName: string;
  currency: 'UAH' | 'PLN' | 'EUR';
  lang: 'en' | 'ua' | 'pl' | 'it' | 'sk';
  role: { id: number; name: string; defaultPage: 'dashboard' | 'dubai_courier' | 'devices' } | null;
  actingAs: { id: number; name: string; defaultPage: 'dashboard' | 'dubai_courier' | 'devices' } | null;
  /** Permissions in force: the acting role's, never more than the user's own. */
  permissions: Set<string>;
  /** The user's own permissions, whatever role they act as. */
  ownPermissions: Set<string>;
  scope: OrgScope;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session. */
    public?: boolean;
    /** The caller needs at least one of these. */
    permissions?: readonly Permission[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
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

async function permissionsOf(db: Db, roleId: number | null): Promise<Set<string>> {
  if (roleId === null) return new Set();
  const rows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return new Set(rows.map((row) => row.permission));
}

export async function loadAuthContext(db: Db, token: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      actingRoleId: sessions.actingRoleId,
      userId: users.id,
      name: users.name,
      email: users.email,
      active: users.active,
      roleId: users.roleId,
      lang: users.lang,
      orgId: organizations.id,
      orgName: organizations.name,
      currency: organizations.currency,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    );
  if (!row?.active) return null;

  const roleIds = [row.roleId, row.actingRoleId].filter((id): id is number => id !== null);
  const roleRows =
    roleIds.length > 0
      ? await db
          .select({ id: roles.id, name: roles.name, defaultPage: roles.defaultPage })
          .from(roles)
          .where(inArray(roles.id, roleIds))
      : [];
  const role = roleRows.find((r) => r.id === row.roleId) ?? null;
  const actingAs = roleRows.find((r) => r.id === row.actingRoleId) ?? null;
  const ownPermissions = await permissionsOf(db, row.roleId);
  const permissions = actingAs
    ? new Set([...(await permissionsOf(db, actingAs.id))].filter((p) => ownPermissions.has(p)))
    : ownPermissions;

  const links = permissions.has('view_all_organizations')
    ? null
    : await db
        .select({ orgId: organizationAccess.ownerOrgId, level: organizationAccess.accessLevel })
        .from(organizationAccess)
        .where(eq(organizationAccess.granteeOrgId, row.orgId));

  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    const now = new Date();
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }

  return {
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
    scope: links === null ? OrgScope.all(row.orgId) : OrgScope.of(row.orgId, links),
  };
}

/** Authenticates every /v1 route not marked public, then checks its permissions: 401 before 403 before 400. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/v1/') || config.public || !request.routeOptions.url) return;
    const token = bearerToken(request);
    const auth = token ? await loadAuthContext(options.db, token) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
    if (!hasAnyPermission([...auth.permissions], config.permissions)) throw forbidden();
  });
});

/** The session of a route that is not public; the hook above guarantees it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
