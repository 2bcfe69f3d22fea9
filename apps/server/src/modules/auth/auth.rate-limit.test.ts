import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { cloneTemplate } from '../../../test/template-database.js';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Attempt = { email: string; password: string; from: string; forwardedFor?: string; lang?: string };

function attempt(app: App, { email, password, from, forwardedFor, lang }: Attempt) {
  return callApi({ app: app }, api.auth.login, {
    remoteAddress: from,
    body: { email, password },
    lang,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

const PASSWORD = 'rate-limit-1';

/** A user of this test alone who signs in with PASSWORD: the limits under test count per account. */
async function account() {
  const db = ctx.database.db;
  const { email } = await createUser(db, { orgId: await createOrganisation(db), password: PASSWORD });
  return { email, password: PASSWORD };
}

describe('the client address is not whatever X-Forwarded-For says', () => {
  it('limits a client that forges a new X-Forwarded-For on every guess', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await attempt(ctx.app, {
        email: 'forged@vitrina.local',
        password: 'wrong-password',
        from: '198.51.100.7',
        forwardedFor: `203.0.113.${i + 1}`,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((code) => code === 429)).toBe(true);
  });

  it('reads TRUST_PROXY as a list of addresses and ranges; unset trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1 ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});

describe('behind a trusted proxy', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    // A copy of the migrated template: migrating a database of its own took most of this file's time.
    database = await cloneTemplate(inject('template'));
    app = await buildApp({
      database,
      config: {
        publicUrl: 'http://panel.test',
        webDist: '/nonexistent',
        dataDir: '/nonexistent',
        trustProxy: ['10.0.0.0/8'],
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('takes the client from X-Forwarded-For set by the proxy, and ignores it from anyone else', async () => {
    // Six clients behind the proxy, one failure each: none is limited by another's failures.
    for (let i = 0; i < 6; i++) {
      const response = await attempt(app, {
        email: 'behind.proxy@vitrina.local',
        password: 'wrong-password',
        from: '10.1.2.3',
        forwardedFor: `203.0.113.${i + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await attempt(app, {
        email: 'direct@vitrina.local',
        password: 'wrong-password',
        from: '198.51.100.8',
        forwardedFor: `203.0.113.${i + 50}`,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('failures against one account from many addresses', () => {
  it('slow further attempts down, with the wait in the caller’s language, whatever the address', async () => {
    const support = await account();
    const courier = await account();
    const email = support.email;
    for (let i = 0; i < 10; i++) {
      const response = await attempt(ctx.app, { email, password: 'wrong-password', from: `192.0.2.${i + 1}` });
      expect(response.statusCode).toBe(401);
    }
    const fresh = await attempt(ctx.app, { email, password: 'another-guess', from: '192.0.2.200', lang: 'ua' });
    expect(fresh.statusCode).toBe(429);
    // 15 s from the last failure, less the time the calls took.
    expect(fresh.error().message).toMatch(/^Забагато спроб\. Спробуйте через (1[0-5]|[1-9]) с$/);
    // The wait holds for the right password too, so a guess cannot be confirmed during it.
    const right = await attempt(ctx.app, { email, password: support.password, from: '192.0.2.201' });
    expect(right.statusCode).toBe(429);
    // Other accounts are not slowed.
    const other = await attempt(ctx.app, { ...courier, from: '192.0.2.202' });
    expect(other.statusCode).toBe(200);
  });

  it('lets the real user in from an address they signed in from before', async () => {
    const operator = await account();
    const email = operator.email;
    const home = '198.51.100.77';
    expect((await attempt(ctx.app, { ...operator, from: home })).statusCode).toBe(200);
    for (let i = 0; i < 12; i++)
      await attempt(ctx.app, { email, password: 'wrong-password', from: `192.0.2.${i + 100}` });
    expect((await attempt(ctx.app, { email, password: 'wrong-again', from: '192.0.2.250' })).statusCode).toBe(429);
    expect((await attempt(ctx.app, { ...operator, from: home })).statusCode).toBe(200);
    // A wrong password from the known address is still a failure, not a way around the wait.
    expect((await attempt(ctx.app, { email, password: 'wrong-password', from: home })).statusCode).toBe(401);
  });
});
