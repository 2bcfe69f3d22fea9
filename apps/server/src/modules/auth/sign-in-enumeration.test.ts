import { api, translate } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createCustomer, uniquePhone } from '../../../test/factories/customers.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * Issue 33: the customer app's sign-in answered a known phone 2–3 ms later than an unknown one
 * (it locked and updated the customer's code; an unknown phone touched nothing), which told who
 * is a customer. Both now do the same work: checked here by the statements each runs, not by
 * a stopwatch.
 */
let ctx: TestContext;
let listening = false;
const statements: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ logQuery: (query) => listening && statements.push(query) });
});
afterAll(() => ctx.close());

/** The statements one sign-in runs, from its own address (the failure limit counts per address). */
async function statementsOfSignIn(orgId: number, phone: string, address: string) {
  statements.length = 0;
  listening = true;
  const answer = await callApi(ctx, api.customerApp.signIn, {
    body: { org_id: orgId, phone, code: '000000' },
    remoteAddress: address,
  });
  listening = false;
  expect(answer.statusCode).toBe(401);
  expect(answer.error().message).toBe(translate('app.code_invalid', 'en'));
  return [...statements];
}

describe('the customer app sign-in, known phone or not', () => {
  it('runs the same statements for a customer with a live code, one without, and a phone nobody has', async () => {
    const tenant = await createTenant(ctx.database.db);
    const orgId = tenant.org.main;
    const withCode = await createCustomer(ctx.database.db, orgId);
    const asked = await callApi(ctx, api.customerApp.requestCode, { body: { org_id: orgId, phone: withCode.phone } });
    expect(asked.statusCode).toBe(200);
    await ctx.mails();
    const withoutCode = await createCustomer(ctx.database.db, orgId);

    const known = await statementsOfSignIn(orgId, withCode.phone, '10.33.0.1');
    const knownNoCode = await statementsOfSignIn(orgId, withoutCode.phone, '10.33.0.2');
    const unknown = await statementsOfSignIn(orgId, uniquePhone(), '10.33.0.3');
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(known.some((statement) => /^update "customer_sign_in_codes"/i.test(statement))).toBe(true);
    expect(knownNoCode).toEqual(known);
    expect(unknown).toEqual(known);
  });
});
