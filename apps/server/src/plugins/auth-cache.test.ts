import { TOKEN_TTL_MS } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestContext, DEMO, type DemoUser, ORG, type TestContext } from '../../test/helper.js';
import { buildExtraApp, type ExtraApp, nextCacheEvent, sessionIdOf } from '../../test/instances.js';
import { organizationAccess, sessions, users } from '../db/schema/index.js';

/**
 * A session served from memory stops working at once when what it was built from changes:
 * every test first proves the token is answered from the cache, then changes something and
 * calls again at once, with no wait. The changes come through the API where there is one,
 * and straight through SQL where there is none, since the database triggers announce both.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token: string) => call(ctx, 'GET', '/v1/user/me', { token });

async function freshLogin(user: DemoUser, password: string = DEMO[user].password): Promise<string> {
  const response = await call(ctx, 'POST', '/v1/user/login', { payload: { email: DEMO[user].email, password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

/** Calls twice and checks the second call was a cache hit. */
async function expectCached(token: string) {
  expect((await me(token)).statusCode).toBe(200);
  const hits = ctx.app.sessionCache.stats().hits;
  expect((await me(token)).statusCode).toBe(200);
  expect(ctx.app.sessionCache.stats().hits).toBe(hits + 1);
}

describe('the session cache', () => {
  it('ends a session at once on logout', async () => {
    const token = await freshLogin('courier');
    await expectCached(token);
    expect((await call(ctx, 'POST', '/v1/user/logout', { token })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends the user’s sessions at once on a password reset', async () => {
    const token = await freshLogin('support');
    await expectCached(token);
    await call(ctx, 'POST', '/v1/user/new/password', { payload: { email: DEMO.support.email } });
    const link = (await ctx.mails()).at(-1)!.body.match(/reset\/password\/([\w-]+)/)![1]!;
    const payload = { password: 'support-new-1', password_confirmation: 'support-new-1' };
    expect((await call(ctx, 'POST', `/v1/user/reset/password/${link}`, { payload })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('drops the user’s cached sessions on a password update, so the next call reads the database', async () => {
    const admin = await freshLogin('admin');
    const token = await freshLogin('courier');
    await expectCached(token);
    const evicted = nextCacheEvent(ctx.app, (event) => event.kind === 'notification' && event.payload === 'user:3');
    const update = await call(ctx, 'POST', '/v1/user/update/3', {
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
    const admin = await freshLogin('admin');
    const token = await freshLogin('operator');
    await expectCached(token);
    const disable = await call(ctx, 'POST', '/v1/user/update/2', { token: admin, payload: { active: false } });
    expect(disable.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    await call(ctx, 'POST', '/v1/user/update/2', { token: admin, payload: { active: true } });
  });

  it('answers 403 at once when the user’s role loses the permission', async () => {
    const admin = await freshLogin('admin');
    const token = await freshLogin('operator');
    expect((await call(ctx, 'GET', '/v1/role/list', { token })).statusCode).toBe(200);
    await expectCached(token);
    const role = (await call(ctx, 'GET', '/v1/role/info/2', { token: admin })).json<{ permissions: string[] }>();
    const without = role.permissions.filter((permission) => permission !== 'show_users_roles_page');
    const update = await call(ctx, 'POST', '/v1/permission/create', {
      token: admin,
      payload: { role_id: 2, permissions: without },
    });
    expect(update.statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/v1/role/list', { token })).statusCode).toBe(403);
    expect((await me(token)).json().roles).not.toContain('show_users_roles_page');
    await call(ctx, 'POST', '/v1/permission/create', {
      token: admin,
      payload: { role_id: 2, permissions: role.permissions },
    });
  });

  it('applies a new role and a new organisation at once', async () => {
    const admin = await freshLogin('admin');
    const token = await freshLogin('courier', 'courier-new-1');
    await expectCached(token);
    await call(ctx, 'POST', '/v1/user/update/3', { token: admin, payload: { role_id: 4, org_id: ORG.kyiv } });
    const after = (await me(token)).json();
    expect(after.role.name).toBe('Support');
    expect(after.org_id).toBe(ORG.kyiv);
    expect(after.roles).toContain('show_support_page');
  });

  it('ends the old token at once on a role switch', async () => {
    const token = await freshLogin('admin');
    await expectCached(token);
    const switched = await call(ctx, 'POST', '/v1/user/switch-role', { token, payload: { role_id: 3 } });
    expect(switched.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(switched.json().token)).json().acting_as).toMatchObject({ role_id: 3 });
  });

  it('narrows the scope at once when an organisation access link is removed', async () => {
    const token = await freshLogin('operator');
    // The franchisor (user 5) belongs to Krakow, which the main organisation sees by a link.
    expect((await call(ctx, 'GET', '/v1/user/info/5', { token })).statusCode).toBe(200);
    await expectCached(token);
    const [link] = await ctx.database.db
      .delete(organizationAccess)
      .where(and(eq(organizationAccess.ownerOrgId, ORG.krakow), eq(organizationAccess.granteeOrgId, ORG.main)))
      .returning();
    // No endpoint edits links yet, so this write does not come through HTTP, whose writes
    // answer only once their notifications are applied here. A direct write (a job, psql)
    // takes effect when its notification lands: sync() waits for exactly that.
    await ctx.app.sessionCache.sync();
    expect((await call(ctx, 'GET', '/v1/user/info/5', { token })).statusCode).toBe(404);
    await ctx.database.db.insert(organizationAccess).values(link!);
  });

  it('keeps its entries when a change is rolled back', async () => {
    const token = await freshLogin('franchisor');
    await expectCached(token);
    const events: string[] = [];
    const unsubscribe = ctx.app.sessionCache.subscribe((event) => {
      if (event.kind === 'notification') events.push(event.payload);
    });
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ active: false }).where(eq(users.id, 5));
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
  let extra: ExtraApp;
  beforeAll(async () => {
    extra = await buildExtraApp(ctx.database, { ttlMs: TTL_MS, now: () => now });
  });
  afterAll(() => extra.close());

  const meOn = (token: string) => extra.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(token) });

  it('serves a session from memory until its time is up, then reads the database again', async () => {
    const token = await freshLogin('franchisor');
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
    const token = await freshLogin('franchisor');
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
      const token = await freshLogin('franchisor');
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
