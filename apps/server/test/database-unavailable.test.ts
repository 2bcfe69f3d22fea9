import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translate } from '@vitrina/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Database, Db } from '../src/db/client.js';
import { bearer, createTestContext, DEMO, type TestContext } from './helper.js';

/**
 * While the database is away (stopped, restarting, failing over) every request that needs it
 * answers 503 with a message in the caller's language, /readyz says not ready, and both come back
 * by themselves when it returns (issue 33). The app here runs on the test's database through a
 * driver that refuses every statement while `isDown`, as node-postgres does when PostgreSQL is
 * stopped (ECONNREFUSED); the real outage is database-outage.faults.test.ts.
 */
let ctx: TestContext;
let app: App;
let isDown = false;
let dataDir: string;

/** The test database's driver client, refusing while `isDown`. */
function refusingWhileDown<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (isDown && ['query', 'exec', 'transaction', 'connect'].includes(String(key))) {
        return () =>
          Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      }
      return value.bind(target);
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const client = (ctx.database.db as unknown as { $client: object }).$client;
  const db = (ctx.database.kind === 'pglite'
    ? drizzlePglite(refusingWhileDown(client) as never)
    : drizzlePg(refusingWhileDown(client) as never)) as unknown as Db;
  const database: Database = {
    ...ctx.database,
    db,
    ping: () => (isDown ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : ctx.database.ping()),
  };
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-unavailable-'));
  app = await buildApp({ database, config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database away', () => {
  it('answers 503 with a localised message and not ready, then serves again by itself', async () => {
    const login = await app.inject({ method: 'POST', url: '/v1/user/login', payload: DEMO.admin });
    const { token } = login.json<{ token: string }>();
    const list = (lang: string) =>
      app.inject({ method: 'GET', url: '/v1/product/list', headers: { ...bearer(token), lang } });
    expect((await list('en')).statusCode).toBe(200);

    isDown = true;
    try {
      for (const lang of ['en', 'ua', 'pl', 'it', 'sk'] as const) {
        const response = await list(lang);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: translate('errors.database_unavailable', lang) });
        expect(response.headers['retry-after']).toBe('5');
      }
      // A sign-in needs the database too: unavailable, not "wrong password".
      const signIn = await app.inject({ method: 'POST', url: '/v1/user/login', payload: DEMO.operator });
      expect(signIn.statusCode).toBe(503);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      isDown = false;
    }

    expect((await list('en')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
