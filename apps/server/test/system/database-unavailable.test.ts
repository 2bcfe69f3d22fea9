import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, translate } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { callApi } from '../api-client.js';
import { createOrganisation } from '../factories/organisations.js';
import { createSignedInUser, createUser } from '../factories/users.js';
import { refusingDatabase } from '../faults/refusing-database.js';
import { bearer, createTestContext, type TestContext } from '../helper.js';

/**
 * While the database is away (stopped, restarting, failing over) every request that needs it
 * answers 503 with a message in the caller's language, /readyz says not ready, and both come back
 * by themselves when it returns. The app here runs on the test's database through a
 * driver that refuses every statement while `isDown`, as node-postgres does when PostgreSQL is
 * stopped (ECONNREFUSED); the real outage is database-outage.faults.test.ts.
 */
let ctx: TestContext;
let app: App;
let isDown = false;
let dataDir: string;
/** The live stream's heartbeat, each of which re-checks the stream's session. */
const HEARTBEAT_MS = 100;

beforeAll(async () => {
  ctx = await createTestContext();
  const database = refusingDatabase(ctx.database, () => isDown);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-unavailable-'));
  app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    // Every request and every live re-check reads its session from the database.
    sessionCache: { ttlMs: 0 },
    live: { flushMs: 0, heartbeatMs: HEARTBEAT_MS },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database away', () => {
  it('answers 503 with a localised message and not ready, then serves again by itself', async () => {
    const db = ctx.database.db;
    const orgId = await createOrganisation(db);
    const { token } = await createSignedInUser(db, { orgId, permissions: ['show_products_page'] });
    const password = 'unavailable-123';
    const { email } = await createUser(db, { orgId, password });
    const list = (lang: string) => callApi({ app }, api.product.list, { token, lang });
    expect((await list('en')).statusCode).toBe(200);

    isDown = true;
    try {
      for (const lang of ['en', 'ua', 'pl', 'it', 'sk'] as const) {
        const response = await list(lang);
        expect(response.statusCode).toBe(503);
        expect(response.error()).toEqual({ message: translate('errors.database_unavailable', lang) });
        expect(response.headers['retry-after']).toBe('5');
      }
      // A sign-in needs the database too: unavailable, not "wrong password".
      const signIn = await callApi({ app }, api.auth.login, { body: { email, password } });
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

  it('keeps a live stream open while its session cannot be re-checked, and re-checks it when the database is back', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const db = ctx.database.db;
    const { token } = await createSignedInUser(db, { orgId: await createOrganisation(db) });
    const controller = new AbortController();
    const response = await fetch(`${base}/v1/live/events`, { headers: bearer(token), signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    /** Reads until `count` more heartbeats came (each re-checked the session before the next), or the stream ended. */
    const heartbeats = async (count: number) => {
      const target = (text.match(/: ping/g) ?? []).length + count;
      while ((text.match(/: ping/g) ?? []).length < target) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += value;
      }
      return true;
    };
    try {
      isDown = true;
      expect(await heartbeats(3)).toBe(true);
      isDown = false;
      expect(await heartbeats(2)).toBe(true);
      expect(text).toContain('event: ready');
      expect(text).not.toContain('event: unauthorized');
      // Signed out now: the next re-check, which reaches the database, ends the stream.
      expect((await callApi({ app }, api.auth.logout, { token })).statusCode).toBe(200);
      expect(await heartbeats(50)).toBe(false);
      expect(text).toContain('event: unauthorized');
    } finally {
      controller.abort();
    }
  });
});
