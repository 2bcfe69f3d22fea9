import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowLeftInProcess, orgOnTestProvider as testProviderOrg } from '../../../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { paymentTransactions } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import * as repo from '../payments.repository.js';
import { performPayment, reconcilePayments } from './payment-operations.service.js';

const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

let sequence = 0;
const key = (name: string) => `${name}-${Date.now()}-${++sequence}`;

/** An organisation on the test provider, pretending `simulate`, and a way to pay through it. */
async function orgOnTestProvider(simulate = 'none') {
  const org = await testProviderOrg(ctx, simulate);
  const pay = (idempotencyKey: string, request: Parameters<typeof performPayment>[2]['request']) =>
    performPayment(ctx.app.services, ctx.app.payments, { orgId: org.orgId, idempotencyKey, request });
  return { ...org, pay };
}

const bankCalls = (idempotencyKey: string) =>
  ctx.app.payments.testBank.calls.filter((entry) => entry.idempotencyKey === idempotencyKey).length;

describe('payment operations ledger', () => {
  it('holds, captures part, refunds part: debit and refund rows with §4 codes, minor units and the provider’s reference', async () => {
    const { pay } = await orgOnTestProvider();
    const hold = await pay(key('hold'), { operation: 'hold', amountMinor: 5000, currency: 'uah' });
    expect(hold).toMatchObject({ type: 1, status: 1, operation: 'hold', amountMinor: 5000, currency: 'UAH' });
    expect(hold.providerReference).toMatch(/^pi_test_/);
    const capture = await pay(key('capture'), { operation: 'capture', parentId: hold.id, amountMinor: 3250 });
    expect(capture).toMatchObject({ type: 1, status: 1, amountMinor: 3250, parentId: hold.id });
    const bankPayment = ctx.app.payments.testBank.payments.get(hold.providerReference ?? '');
    expect(bankPayment).toMatchObject({ status: 'succeeded', amount_received: 3250 });
    const refund = await pay(key('refund'), { operation: 'refund', parentId: capture.id, amountMinor: 1000 });
    expect(refund).toMatchObject({ type: 2, status: 1, amountMinor: 1000 });
    expect(refund.providerReference).toMatch(/^re_test_/);
    const wrong = pay(key('refund'), { operation: 'refund', parentId: hold.id });
    await expect(wrong).rejects.toMatchObject({ status: 409, key: 'payment.wrong_parent' });
  });

  it('answers a retried key with the same row and never asks the provider twice', async () => {
    const { pay } = await orgOnTestProvider();
    const charge = key('charge');
    const request = {
      operation: 'charge',
      amountMinor: 1999,
      currency: 'UAH',
      customer: 'c1',
      paymentMethod: 'pm1',
    } as const;
    const [first, second] = await Promise.all([pay(charge, request), pay(charge, request)]);
    const third = await pay(charge, request);
    expect(new Set([first.id, second.id, third.id]).size).toBe(1);
    expect(bankCalls(charge)).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.idempotencyKey, charge));
    expect(rows).toHaveLength(1);
    await expect(pay(charge, { ...request, amountMinor: 2000 })).rejects.toMatchObject({ status: 409 });
  });

  it('records a decline as an error with the provider’s code', async () => {
    const { pay } = await orgOnTestProvider('decline');
    const hold = await pay(key('hold'), { operation: 'hold', amountMinor: 100, currency: 'UAH' });
    expect(hold).toMatchObject({ status: 2, errorCode: 'card_declined', providerReference: null });
    await expect(pay(key('capture'), { operation: 'capture', parentId: hold.id })).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('reconciliation', () => {
  it('settles a timed-out operation by asking the provider again with its key: charged once', async () => {
    const { pay, setSimulation } = await orgOnTestProvider('timeout');
    const holdKey = key('hold');
    const hold = await pay(holdKey, { operation: 'hold', amountMinor: 4200, currency: 'UAH' });
    expect(hold).toMatchObject({ status: 10, errorCode: 'timeout', providerReference: null });
    await setSimulation('none');
    expect(await reconcilePayments(ctx.app.services, ctx.app.payments)).toMatchObject({ settled: 0 });
    clock.advance(3 * 60_000);
    const result = await reconcilePayments(ctx.app.services, ctx.app.payments);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const settled = await repo.findByKey(ctx.database.db, holdKey);
    expect(settled?.status).toBe(1);
    expect(settled?.providerReference).toMatch(/^pi_test_/);
    expect(bankCalls(holdKey)).toBe(2);
    const holds = [...ctx.app.payments.testBank.payments.values()].filter((p) => p.id === settled?.providerReference);
    expect(holds).toHaveLength(1);
  });

  it('a row left in process by a crash before the provider was called is performed once by the job', async () => {
    const { orgId } = await orgOnTestProvider();
    const crashKey = key('crash');
    // What a server killed between the ledger write and the provider call leaves behind.
    await rowLeftInProcess(ctx, {
      orgId,
      operation: 'charge',
      amountMinor: 750,
      idempotencyKey: crashKey,
      request: { amountMinor: 750, currency: 'UAH', customer: 'c', paymentMethod: 'pm' },
      now: clock.now(),
    });
    clock.advance(3 * 60_000);
    await ctx.app.jobs.scheduleRecurring();
    await ctx.app.jobs.runDue();
    const row = await repo.findByKey(ctx.database.db, crashKey);
    expect(row).toMatchObject({ status: 1, amountMinor: 750 });
    expect(bankCalls(crashKey)).toBe(1);
  });

  it('past the provider’s idempotency window a row is not asked again but found by its key, or failed when nothing carries it', async () => {
    const { orgId, pay, setSimulation } = await orgOnTestProvider('timeout');
    // A hold the provider made, its answer lost; then a day without reconciliation.
    const madeKey = key('made');
    const made = await pay(madeKey, { operation: 'hold', amountMinor: 4200, currency: 'UAH' });
    expect(made).toMatchObject({ status: 10, providerReference: null });
    await setSimulation('none');
    // A charge a crash left before the provider was called.
    const neverKey = key('never');
    await rowLeftInProcess(ctx, {
      orgId,
      operation: 'charge',
      amountMinor: 300,
      idempotencyKey: neverKey,
      request: { amountMinor: 300, currency: 'UAH', customer: 'c', paymentMethod: 'pm' },
      now: clock.now(),
    });
    clock.advance(25 * 3600_000);
    await reconcilePayments(ctx.app.services, ctx.app.payments);
    const found = await repo.findByKey(ctx.database.db, madeKey);
    expect(found).toMatchObject({ status: 1, providerReference: expect.stringMatching(/^pi_test_/) });
    expect(ctx.app.payments.testBank.payments.get(found!.providerReference!)?.metadata).toEqual({
      idempotency_key: madeKey,
    });
    expect(await repo.findByKey(ctx.database.db, neverKey)).toMatchObject({ status: 2, errorCode: 'not_at_provider' });
    // Neither was asked again: past the window that could have done it twice.
    expect([bankCalls(madeKey), bankCalls(neverKey)]).toEqual([1, 0]);
  });
});
