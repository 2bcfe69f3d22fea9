import { Writable } from 'node:stream';
import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { registerCustomer } from './index.js';

/**
 * Issue 25: with no mail server a customer's sign-in code goes to the outbox, which the panel
 * has no screen for; the demo prints it in the log so a first run can sign a customer in. A
 * server that does not run the demo never prints it.
 */
type Server = { ctx: TestContext; lines: string[] };

async function serverWithLog(demoMode: boolean): Promise<Server> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { ctx: await createTestContext({ logger: { level: 'info', stream }, demoMode }), lines };
}

let demo: Server;
let production: Server;
beforeAll(async () => {
  [demo, production] = await Promise.all([serverWithLog(true), serverWithLog(false)]);
});
afterAll(async () => {
  await Promise.all([demo.ctx.close(), production.ctx.close()]);
});

let phoneSeq = 3_000_000 + Math.floor(Math.random() * 6_000_000);

/** A customer asks for a code; the job that sends it runs; answers the phone and the code mailed to the outbox. */
async function askedCode({ ctx }: Server) {
  const tenant = await createTenant(ctx.database.db);
  const phone = `+38067${String(++phoneSeq).padStart(7, '0')}`;
  const email = `${uniqueName('demo-code').replace(' ', '-')}@example.com`;
  await registerCustomer(ctx.database.db, { orgId: tenant.org.main, name: uniqueName('Customer'), email, phone });
  const asked = await callApi(ctx, api.customerApp.requestCode, { body: { org_id: tenant.org.main, phone } });
  expect(asked.statusCode).toBe(200);
  const mail = (await ctx.mails()).filter((item) => item.to === email).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { orgId: tenant.org.main, phone, code: code! };
}

describe('a customer’s sign-in code without a mail server', () => {
  it('is printed in the demo’s log, and signs the customer in', async () => {
    const { orgId, phone, code } = await askedCode(demo);
    const printed = demo.lines
      .map((line) => JSON.parse(line) as { msg?: string })
      .filter((line) => line.msg?.startsWith('demo: sign-in code'));
    expect(printed.map((line) => line.msg)).toContain(`demo: sign-in code ${code} for ${phone}`);
    // Read from the log, the code is the customer's live one.
    const signedIn = await callApi(demo.ctx, api.customerApp.signIn, { body: { org_id: orgId, phone, code } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toBeTruthy();
  });

  it('is never printed by a server that does not run the demo', async () => {
    const { code } = await askedCode(production);
    expect(production.lines.length).toBeGreaterThan(0);
    expect(production.lines.filter((line) => line.includes(code))).toEqual([]);
    expect(production.lines.filter((line) => line.includes('demo:'))).toEqual([]);
  });
});
