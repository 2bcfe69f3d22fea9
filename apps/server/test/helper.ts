import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema/index.js';
import { cloneTemplate, type QueryListener } from './template-database.js';

export const DEMO = {
  admin: { email: 'admin@vitrina.local', password: 'admin12345' },
  operator: { email: 'operator@vitrina.local', password: 'operator123' },
  courier: { email: 'courier@vitrina.local', password: 'courier123' },
  support: { email: 'support@vitrina.local', password: 'support123' },
  franchisor: { email: 'franchisor@vitrina.local', password: 'franchise123' },
} as const;
export type DemoUser = keyof typeof DEMO;

/** Seeded organisations: main sees Kyiv at level 1 (view) and Krakow at level 2 (edit). */
export const ORG = { main: 1, kyiv: 2, krakow: 3 } as const;

export type TestContext = {
  app: App;
  database: Database;
  /** What the real outbox mailer wrote, oldest first, once the jobs due have run. */
  mails(): Promise<{ to: string; subject: string; body: string }[]>;
  login(user: DemoUser): Promise<string>;
  close(): Promise<void>;
};

/**
 * `deps`: what a test adds to the app, e.g. a logger to read, an onRoute hook or a clock;
 * `outgoingAllowHosts` is the configuration's OUTGOING_ALLOW_HOSTS (the loopback of a stand-in);
 * `logQuery` hears every statement the file's database runs (the drizzle logger).
 */
export async function createTestContext({
  outgoingAllowHosts,
  logQuery,
  ...deps
}: Pick<
  AppDeps,
  | 'logger'
  | 'onRoute'
  | 'clock'
  | 'mqtt'
  | 'live'
  | 'payments'
  | 'fiscal'
  | 'push'
  | 'channels'
  | 'demoMode'
  | 'outgoingLookup'
> & { outgoingAllowHosts?: string[]; logQuery?: QueryListener } = {}): Promise<TestContext> {
  const database = await cloneTemplate(inject('template'), { logQuery });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir, outgoingAllowHosts },
    ...deps,
  });
  await app.ready();
  const tokens = new Map<DemoUser, string>();
  return {
    app,
    database,
    // Mails go out from jobs (a reset link, say): the ones due now run first.
    mails: async () => {
      await app.jobs.runDue();
      return database.db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body })
        .from(mailOutbox)
        .orderBy(asc(mailOutbox.id));
    },
    async login(user) {
      const cached = tokens.get(user);
      if (cached) return cached;
      const response = await app.inject({ method: 'POST', url: '/v1/user/login', payload: DEMO[user] });
      if (response.statusCode !== 200) throw new Error(`login ${user}: ${response.statusCode} ${response.body}`);
      const token = response.json<{ token: string }>().token;
      tokens.set(user, token);
      return token;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

type CallOptions = { token?: string; payload?: object; lang?: string; query?: Record<string, string> };

/** One request through the real HTTP layer. */
export async function call(ctx: TestContext, method: 'GET' | 'POST', url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers.lang = options.lang;
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** POST that must succeed; answers the parsed body. */
export async function ok<T = Record<string, unknown>>(
  ctx: TestContext,
  token: string,
  url: string,
  payload: object,
): Promise<T> {
  const response = await call(ctx, 'POST', url, { token, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
