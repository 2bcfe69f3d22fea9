import { api, PERMISSION_NAMES, type Permission } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { DEMO_ROLE_PERMISSIONS } from '../../src/demo/seed.js';
import { callApi } from '../api-client.js';
import { createOrganisation } from '../factories/organisations.js';
import { createRole, createSignedInUser, createUser } from '../factories/users.js';
import { nextCacheEvent, sessionIdOf, twoInstances } from '../instances.js';

/**
 * Two server instances on one PostgreSQL database, as in production behind a load balancer:
 * a change made through one reaches the other's session cache by LISTEN/NOTIFY. PostgreSQL
 * only (vitest.config.ts leaves this file out of the PGlite run): PGlite is one process.
 * Each test waits for the notification itself, never for a length of time, and signs in a
 * user of its own made by the factories, so no test leans on what another changed.
 */
const two = twoInstances();

const PASSWORD = 'cache-test-1';

/**
 * A user of this test alone (tests run shuffled and change the users they sign in), signed in
 * on `app` through the login endpoint, as a client would be.
 */
async function freshLogin(
  app: App,
  options: { permissions?: readonly Permission[]; roleId?: number; orgId?: number },
): Promise<string> {
  const db = two.ctx.database.db;
  const { email } = await createUser(db, {
    orgId: options.orgId ?? (await createOrganisation(db)),
    ...(options.roleId === undefined ? { permissions: options.permissions ?? [] } : { roleId: options.roleId }),
    password: PASSWORD,
  });
  const response = await callApi({ app }, api.auth.login, { body: { email, password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

/** Holds every permission, so it may change the roles the tests make; its session is not under test. */
async function freshAdmin(): Promise<string> {
  const db = two.ctx.database.db;
  return (await createSignedInUser(db, { orgId: await createOrganisation(db), permissions: PERMISSION_NAMES })).token;
}

const me = (app: App, token: string) => callApi({ app }, api.auth.me, { token });
const users = (app: App, token: string) => callApi({ app }, api.user.list, { token });

/**
 * Calls twice and checks the second call was a cache hit. The factories write straight to the
 * database, and a notification landing while the first call fills the cache stops the fill,
 * so their notifications are waited for first.
 */
async function expectCachedOn(app: App, token: string) {
  await app.sessionCache.sync();
  expect((await me(app, token)).statusCode).toBe(200);
  const hits = app.sessionCache.stats().hits;
  expect((await me(app, token)).statusCode).toBe(200);
  expect(app.sessionCache.stats().hits).toBe(hits + 1);
}

describe('the session cache across instances', () => {
  it('ends a session on instance B as soon as it is logged out on instance A', async () => {
    const token = await freshLogin(two.a, { permissions: DEMO_ROLE_PERMISSIONS.courier });
    await expectCachedOn(two.b, token);
    const id = await sessionIdOf(two.ctx.database, token);
    const arrived = nextCacheEvent(
      two.b,
      (event) => event.kind === 'notification' && event.payload === `session:${id}`,
    );
    expect((await callApi({ app: two.a }, api.auth.logout, { token })).statusCode).toBe(200);
    expect(await arrived).toMatchObject({ evicted: 1 });
    expect((await me(two.b, token)).statusCode).toBe(401);
  });

  it('answers 403 on instance B once a permission is taken from the role on instance A', async () => {
    const admin = await freshAdmin();
    const orgId = await createOrganisation(two.ctx.database.db);
    const roleId = await createRole(two.ctx.database.db, { permissions: DEMO_ROLE_PERMISSIONS.support, orgId });
    const token = await freshLogin(two.a, { roleId, orgId });
    expect((await users(two.b, token)).statusCode).toBe(200);
    await expectCachedOn(two.b, token);
    const arrived = nextCacheEvent(
      two.b,
      (event) => event.kind === 'notification' && event.payload === `role:${roleId}`,
    );
    const update = await callApi({ app: two.a }, api.role.setPermissions, {
      token: admin,
      body: { role_id: roleId, permissions: ['show_dashboard_page'] },
    });
    expect(update.statusCode).toBe(200);
    await arrived;
    expect((await users(two.b, token)).statusCode).toBe(403);
  });

  it('starts over when its listening connection drops, and listens again', async () => {
    const token = await freshLogin(two.a, { permissions: DEMO_ROLE_PERMISSIONS.operator });
    await expectCachedOn(two.b, token);
    const states: boolean[] = [];
    const unsubscribe = two.b.sessionCache.subscribe(
      (event) => event.kind === 'connection' && states.push(event.connected),
    );
    const backAgain = nextCacheEvent(two.b, (event) => event.kind === 'connection' && event.connected);
    const aBack = nextCacheEvent(two.a, (event) => event.kind === 'connection' && event.connected);
    await two.ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await Promise.all([backAgain, aBack]);
    unsubscribe();
    expect(states).toEqual([false, true]);
    expect(two.b.sessionCache.stats().size).toBe(0);
    await expectCachedOn(two.b, token);
  });
});
