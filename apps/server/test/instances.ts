import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { sessions } from '../src/db/schema/index.js';
import type { Clock } from '../src/lib/clock.js';
import { hashToken } from '../src/lib/crypto.js';
import type { SessionCacheEvent, SessionCacheOptions } from '../src/lib/session-cache.js';
import { createTestContext, type TestContext } from './helper.js';

export type ExtraApp = { app: App; close(): Promise<void> };

/** Another app over an open database (its own session cache, e.g. with a test clock). */
export async function buildExtraApp(
  database: Database,
  sessionCache: Omit<SessionCacheOptions, 'now'> = {},
  clock?: Clock,
): Promise<ExtraApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    sessionCache,
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server instance on the test file's PostgreSQL database: its own pool, its own
 * listener, its own cache, as another process would have. PostgreSQL only: PGlite is one
 * connection in one process, so it has no second instance to open.
 */
export async function openSecondInstance(ctx: TestContext): Promise<ExtraApp> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('a second instance needs TEST_DATABASE_URL (PostgreSQL)');
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(base);
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const extra = await buildExtraApp(database);
  return {
    app: extra.app,
    async close() {
      await extra.close();
      await database.close();
    },
  };
}

/** Resolves with the first cache event that matches; start waiting before causing it. */
export function nextCacheEvent(app: App, matches: (event: SessionCacheEvent) => boolean): Promise<SessionCacheEvent> {
  return new Promise((resolve) => {
    const unsubscribe = app.sessionCache.subscribe((event) => {
      if (!matches(event)) return;
      unsubscribe();
      resolve(event);
    });
  });
}

export async function sessionIdOf(database: Database, token: string): Promise<number> {
  const [row] = await database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no such session');
  return row.id;
}

export type TwoInstances = { readonly ctx: TestContext; readonly a: App; readonly b: App };

/**
 * The test file's context (instance A) and a second instance on its PostgreSQL database
 * (instance B), opened before the file's tests and closed after them.
 */
export function twoInstances(): TwoInstances {
  let ctx: TestContext | undefined;
  let second: ExtraApp | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
    second = await openSecondInstance(ctx);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });
  const opened = () => {
    if (!ctx || !second) throw new Error('the instances open in beforeAll');
    return { ctx, second };
  };
  return {
    get ctx() {
      return opened().ctx;
    },
    get a() {
      return opened().ctx.app;
    },
    get b() {
      return opened().second.app;
    },
  };
}
