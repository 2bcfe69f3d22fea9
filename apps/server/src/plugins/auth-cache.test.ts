import { PERMISSION_NAMES, type Permission, TOKEN_TTL_MS } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createOrgTree } from '../../test/factories/organisations.js';
import { uniqueName } from '../../test/factories/sequence.js';
import { createRole, createSignedInUser, createUser, type TestUser } from '../../test/factories/users.js';
import { bearer, call, createTestContext, type TestContext } from '../../test/helper.js';
import { buildExtraApp, type ExtraApp, nextCacheEvent, sessionIdOf } from '../../test/instances.js';
import { organizationAccess, sessions, users } from '../db/schema/index.js';
import { DEMO_ROLE_PERMISSIONS } from '../demo/seed.js';
import type { Clock } from '../lib/clock.js';

/**
 * A session served from memory stops working at once when what it was built from changes:
 * every test first proves the token is answered from the cache, then changes something and
 * calls again at once, with no wait. The changes come through the API where there is one,
 * and straight through SQL where there is none, since the database triggers announce both.
 *
 * Every test makes the users, roles and organisations it changes, so it neither depends on
 * nor disturbs another test, in whatever order they run; nothing needs putting back.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PASSWORD = 'cache-test-1';

const me = (token: string) => call(ctx, 'GET', '/v1/user/me', { token });

async function login(email: string, password: string = PASSWORD): Promise<string> {
  const response = await call(ctx, 'POST', '/v1/user/login', { payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

type FreshUserOptions = {
  /** A role of the user's organisation is made with these, unless `roleId` is given. */
  permissions?: readonly Permission[];
  roleId?: number;
  /** A new organisation of its own unless given. */
  orgId?: number;
};

/**
 * A user of this test alone, signed in through the login endpoint: the session cache is what
 * is under test, so the token comes the way a client's does.
 */
async function freshUser(options: FreshUserOptions = {}): Promise<TestUser & { token: string }> {
  const db = ctx.database.db;
  const user = await createUser(db, {
    orgId: options.orgId ?? (await createOrganisation(db)),
    ...(options.roleId === undefined ? { permissions: options.permissions ?? [] } : { roleId: options.roleId }),
    password: PASSWORD,
  });
  return { ...user, token: await login(user.email) };
}

/**
 * A caller holding every permission, in a main organisation of its own, so it may change any
 * user or role a test makes (never the demo's: user 1 is changed by user 1 alone). Its own
 * session is not under test, so it is written straight into the table.
 */
async function freshAdmin(): Promise<string> {
  const db = ctx.database.db;
  const { main } = await createOrgTree(db);
  return (await createSignedInUser(db, { orgId: main, permissions: PERMISSION_NAMES })).token;
}

/**
 * Calls twice and checks the second call was a cache hit. The factories write straight to the
 * database, and a notification landing while the first call fills the cache stops the fill
 * (on PostgreSQL they arrive a moment after the commit), so their notifications are waited
 * for first.
 */
async function expectCached(token: string) {
  await ctx.app.sessionCache.sync();
  expect((await me(token)).statusCode).toBe(200);
  const hits = ctx.app.sessionCache.stats().hits;
  expect((await me(token)).statusCode).toBe(200);
  expect(ctx.app.sessionCache.stats().hits).toBe(hits + 1);
}

describe('the session cache', () => {
  it('ends a session at once on logout', async () => {
    const { token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.courier });
    await expectCached(token);
    expect((await call(ctx, 'POST', '/v1/user/logout', { token })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends the user’s sessions at once on a password reset', async () => {
    const { email, token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.support });
    await expectCached(token);
    await call(ctx, 'POST', '/v1/user/new/password', { payload: { email } });
    const mail = (await ctx.mails()).findLast((sent) => sent.to === email);
    const link = mail!.body.match(/reset\/password\/([\w-]+)/)![1]!;
    const payload = { password: 'support-new-1', password_confirmation: 'support-new-1' };
    expect((await call(ctx, 'POST', `/v1/user/reset/password/${link}`, { payload })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('drops the user’s cached sessions on a password update, so the next call reads the database', async () => {
    const admin = await freshAdmin();
    const { id, token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.courier });
    await expectCached(token);
    const evicted = nextCacheEvent(ctx.app, (event) => event.kind === 'notification' && event.payload === `user:${id}`);
    const update = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: admin,
      payload: { password: 'courier-new-1' },
    });
    expect(update.statusCode).toBe(200);
    expect(await evicted).toMatchObject({ evicted: 1 });
    const misses = ctx.app.sessionCache.stats().misses;
    await me(token);
    expect(ctx.app.sessionCache.stats().misses).toBe(misses + 1);
  });

  it('ends a session at once when its user is disabled', async () => {
    const admin = await freshAdmin();
    const { id, token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.operator });
    await expectCached(token);
    const disable = await call(ctx, 'POST', `/v1/user/update/${id}`, { token: admin, payload: { active: false } });
    expect(disable.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('answers 403 at once when the user’s role loses the permission', async () => {
    const admin = await freshAdmin();
    const orgId = await createOrganisation(ctx.database.db);
    const permissions = DEMO_ROLE_PERMISSIONS.operator;
    const roleId = await createRole(ctx.database.db, { permissions, orgId });
    const { token } = await freshUser({ roleId, orgId });
    expect((await call(ctx, 'GET', '/v1/role/list', { token })).statusCode).toBe(200);
    await expectCached(token);
    const without = permissions.filter((permission) => permission !== 'show_users_roles_page');
    const update = await call(ctx, 'POST', '/v1/permission/create', {
      token: admin,
      payload: { role_id: roleId, permissions: without },
    });
    expect(update.statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/v1/role/list', { token })).statusCode).toBe(403);
    expect((await me(token)).json().roles).not.toContain('show_users_roles_page');
  });

  it('applies a new role and a new organisation at once', async () => {
    const db = ctx.database.db;
    const admin = await freshAdmin();
    const org = await createOrgTree(db);
    const support = uniqueName('Support');
    const roleId = await createRole(db, { name: support, permissions: DEMO_ROLE_PERMISSIONS.support, orgId: org.kyiv });
    const { id, token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.courier, orgId: org.main });
    await expectCached(token);
    const update = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: admin,
      payload: { role_id: roleId, org_id: org.kyiv },
    });
    expect(update.statusCode).toBe(200);
    const after = (await me(token)).json();
    expect(after.role.name).toBe(support);
    expect(after.org_id).toBe(org.kyiv);
    expect(after.roles).toContain('show_support_page');
  });

  it('ends the old token at once on a role switch', async () => {
    const orgId = await createOrganisation(ctx.database.db);
    const courier = await createRole(ctx.database.db, { permissions: DEMO_ROLE_PERMISSIONS.courier, orgId });
    const { token } = await freshUser({ permissions: PERMISSION_NAMES, orgId });
    await expectCached(token);
    const switched = await call(ctx, 'POST', '/v1/user/switch-role', { token, payload: { role_id: courier } });
    expect(switched.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(switched.json().token)).json().acting_as).toMatchObject({ role_id: courier });
  });

  it('narrows the scope at once when an organisation access link is removed', async () => {
    const db = ctx.database.db;
    const org = await createOrgTree(db);
    const { token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.operator, orgId: org.main });
    // The franchisor belongs to Krakow, which the main organisation sees by a link.
    const franchisor = await createUser(db, { orgId: org.krakow, permissions: DEMO_ROLE_PERMISSIONS.franchisor });
    expect((await call(ctx, 'GET', `/v1/user/info/${franchisor.id}`, { token })).statusCode).toBe(200);
    await expectCached(token);
    await db
      .delete(organizationAccess)
      .where(and(eq(organizationAccess.ownerOrgId, org.krakow), eq(organizationAccess.granteeOrgId, org.main)));
    // No endpoint edits links yet, so this write does not come through HTTP, whose writes
    // answer only once their notifications are applied here. A direct write (a job, psql)
    // takes effect when its notification lands: sync() waits for exactly that.
    await ctx.app.sessionCache.sync();
    expect((await call(ctx, 'GET', `/v1/user/info/${franchisor.id}`, { token })).statusCode).toBe(404);
  });

  it('keeps its entries when a change is rolled back', async () => {
    const org = await createOrgTree(ctx.database.db);
    const { id, token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.franchisor, orgId: org.krakow });
    await expectCached(token);
    const events: string[] = [];
    const unsubscribe = ctx.app.sessionCache.subscribe((event) => {
      if (event.kind === 'notification') events.push(event.payload);
    });
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ active: false }).where(eq(users.id, id));
        tx.rollback();
      })
      .catch(() => {});
    // Everything committed before this point has reached the cache once sync resolves.
    await ctx.app.sessionCache.sync();
    unsubscribe();
    expect(events).toEqual([]);
    await expectCached(token);
  });
});

describe('the session cache with a test clock', () => {
  const TTL_MS = 10 * 60_000;
  let now = Date.now();
  /** The extra app's clock, which its session cache follows: the tests move `now`. */
  const clock: Clock = {
    now: () => new Date(now),
    nowMs: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  let extra: ExtraApp;
  beforeAll(async () => {
    extra = await buildExtraApp(ctx.database, { ttlMs: TTL_MS }, clock);
  });
  afterAll(() => extra.close());

  const meOn = (token: string) => extra.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(token) });
  /**
   * A fresh user's token, with the test clock set to the moment its session was last used
   * (the login): each test measures its steps from its own sign-in, not from whenever the
   * file started or how far the tests before it moved the clock.
   */
  async function signInOnTheClock(): Promise<string> {
    const { token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.franchisor });
    const id = await sessionIdOf(ctx.database, token);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
    now = row!.lastUsedAt.getTime();
    // As in expectCached: the factory's notifications land before the first call fills the cache.
    await extra.app.sessionCache.sync();
    return token;
  }

  it('serves a session from memory until its time is up, then reads the database again', async () => {
    const token = await signInOnTheClock();
    const cache = extra.app.sessionCache;
    await meOn(token);
    const { hits, misses } = cache.stats();
    now += TTL_MS - 1;
    expect((await meOn(token)).statusCode).toBe(200);
    expect(cache.stats()).toMatchObject({ hits: hits + 1, misses });
    now += 2;
    expect((await meOn(token)).statusCode).toBe(200);
    expect(cache.stats()).toMatchObject({ hits: hits + 1, misses: misses + 1 });
  });

  it('slides the expiry while the session is served from memory, without evicting it', async () => {
    const token = await signInOnTheClock();
    const cache = extra.app.sessionCache;
    await meOn(token);
    const id = await sessionIdOf(ctx.database, token);
    const events: string[] = [];
    const unsubscribe = cache.subscribe((event) => event.kind === 'notification' && events.push(event.payload));
    now += 61_000;
    const hits = cache.stats().hits;
    expect((await meOn(token)).statusCode).toBe(200);
    expect(cache.stats().hits).toBe(hits + 1);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.lastUsedAt.getTime()).toBe(now);
    expect(row!.expiresAt.getTime()).toBe(now + TOKEN_TTL_MS);
    await cache.sync();
    unsubscribe();
    expect(events).toEqual([]);
    expect((await meOn(token)).statusCode).toBe(200);
    expect(cache.stats().hits).toBe(hits + 2);
  });

  it('reads the database on every call when the time to live is 0 (SESSION_CACHE_TTL_MS=0)', async () => {
    const off = await buildExtraApp(ctx.database, { ttlMs: 0 });
    try {
      const { token } = await freshUser({ permissions: DEMO_ROLE_PERMISSIONS.franchisor });
      for (let i = 0; i < 3; i++) {
        expect((await off.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(token) })).statusCode).toBe(
          200,
        );
      }
      expect(off.app.sessionCache.stats()).toEqual({ hits: 0, misses: 0, size: 0 });
    } finally {
      await off.close();
    }
  });
});
