import { type Locale, PERMISSION_NAMES, type Permission } from '@vitrina/contract';
import type { Db } from '../../src/db/client.js';
import { rolePermissions, roles, sessions, users } from '../../src/db/schema/index.js';
import { hashPassword, hashToken, newToken } from '../../src/lib/crypto.js';
import { uniqueName } from './sequence.js';

export type RoleOptions = {
  permissions: readonly Permission[];
  /** null makes a platform role, shared by every organisation. */
  orgId?: number | null;
  name?: string;
};

export async function createRole(db: Db, options: RoleOptions): Promise<number> {
  const [role] = await db
    .insert(roles)
    .values({ name: options.name ?? uniqueName('Role'), orgId: options.orgId ?? null })
    .returning({ id: roles.id });
  if (options.permissions.length > 0) {
    await db
      .insert(rolePermissions)
      .values(options.permissions.map((permission) => ({ roleId: role!.id, permission })));
  }
  return role!.id;
}

export type UserOptions = {
  orgId: number;
  /** A role of the user's organisation is made with these, unless `roleId` is given. */
  permissions?: readonly Permission[];
  roleId?: number;
  name?: string;
  email?: string;
  phones?: string[];
  /** The language messages reach them in (default English). */
  lang?: Locale;
  /** Only users who log in through the API need one: hashing takes a while on purpose. */
  password?: string;
};

export type TestUser = { id: number; email: string; name: string; roleId: number };
/** A user with a live session: `token` goes into the Authorization header. */
export type SignedInUser = TestUser & { token: string };

export async function createUser(db: Db, options: UserOptions): Promise<TestUser> {
  const roleId =
    options.roleId ?? (await createRole(db, { permissions: options.permissions ?? [], orgId: options.orgId }));
  const name = options.name ?? uniqueName('User');
  const email = options.email ?? `${uniqueName(name).toLowerCase().replace(/\W+/g, '.')}@factory.test`;
  const [user] = await db
    .insert(users)
    .values({
      orgId: options.orgId,
      roleId,
      name,
      email,
      phones: options.phones ?? [],
      lang: options.lang ?? 'en',
      passwordHash: options.password ? await hashPassword(options.password) : null,
    })
    .returning({ id: users.id });
  return { id: user!.id, email, name, roleId };
}

/**
 * Far beyond any test's clock: a factory session is last used and expires then, so the
 * sliding expiry never moves it.
 */
const FAR_FUTURE = new Date(Date.UTC(9999, 11, 31));

/**
 * A session written straight into the table, for tests that are not about sessions: it
 * neither expires nor slides, wherever the test's clock stands (sessions expire by the app's
 * clock, and a TestClock may stand days before or after the real time). The login endpoint
 * and session expiry have their own tests (src/modules/auth/auth.clock.test.ts).
 */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), lastUsedAt: FAR_FUTURE, expiresAt: FAR_FUTURE });
  return token;
}

export async function createSignedInUser(db: Db, options: UserOptions): Promise<SignedInUser> {
  const user = await createUser(db, options);
  return { ...user, token: await createSession(db, user.id) };
}

/**
 * A platform administrator, as the demo's: every permission (so every organisation, at full
 * access), seated in `orgId`. For a test that needs rows only the platform may write, such as
 * a view-only sub-organisation's.
 */
export async function createPlatformAdmin(
  db: Db,
  orgId: number,
  options: Omit<UserOptions, 'orgId' | 'permissions' | 'roleId'> = {},
): Promise<SignedInUser> {
  return createSignedInUser(db, { ...options, orgId, permissions: PERMISSION_NAMES });
}
