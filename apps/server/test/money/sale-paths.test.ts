import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusOperations,
  fiscalReceipts,
  paymentTransactions,
  transactionProducts,
  transactions,
} from '../../src/db/schema/index.js';
import { TestClock } from '../../src/lib/clock.js';
import { findFiscalSettings, saveFiscalSettings } from '../../src/modules/fiscal/fiscal.repository.js';
import { PROMOTION_REASON } from '../../src/modules/promotions/promotion-settlement.js';
import { settleJob } from '../../src/modules/sales/index.js';
import { callApi, okApi } from '../api-client.js';
import { insertProduct } from '../factories/catalogue.js';
import { orgOnTestProvider } from '../factories/payments.js';
import { insertFiscalMicromarket } from '../factories/receipt-sales.js';
import { insertClosedSale, insertCustomerWithCard } from '../factories/sales.js';
import { createSignedInUser } from '../factories/users.js';
import { createTestContext, type TestContext } from '../helper.js';

/**
 * Every way a sale gets paid ends in the same place (DESIGN §9): one fiscal receipt per paid
 * sale, a return receipt per refund, promotions accrued once. The paths: paid at the
 * settlement, charged again after a decline, a charge again whose answer was lost and the
 * reconciliation settled, a settlement the reconciliation finished, a manual check
 * resolved, partial and full refunds. (Door close with and without a hold, through a real
 * device, is in modules/sales/sales.test.ts.)
 */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 } });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PRICE = 2_000;

/** A tenant on the test payment provider with a fiscal register (shift open), a 10 % cashback, a customer with a card. */
async function shop() {
  const { orgId, setSimulation } = await orgOnTestProvider(ctx);
  await saveFiscalSettings(db(), { orgId, provider: 'test', delaySeconds: 0 });
  await ctx.app.fiscal.build((await findFiscalSettings(db(), orgId))!)!.openShift();
  const micromarketId = await insertFiscalMicromarket(db(), orgId, true);
  const product = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: PRICE });
  const customer = await insertCustomerWithCard(db(), orgId);
  const staff = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_transactions_page', 'show_update_transaction_page', 'show_bonus_trigger_page'],
  });
  await okApi(ctx, api.bonusPromotion.create, {
    token: staff.token,
    body: {
      name: 'Cashback',
      description: 'Ten percent back',
      type: 3,
      subtype: 6,
      bonus_type: 'percent',
      amount: 10,
      period: 'once',
      start_date: '2026-01-01',
      end_date: null,
    },
  });
  return { orgId, micromarketId, product, customer, staff: staff.token, setSimulation };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** A closed sale of one sandwich, as a door session leaves it: processing, or waiting for a manual check. */
async function closedSale(s: Shop, status: 2 | 3 = 3) {
  const { sale } = await insertClosedSale(
    db(),
    { orgId: s.orgId, micromarketId: s.micromarketId, customerId: s.customer.userId, closedAt: clock.now(), status },
    [{ productId: s.product, name: 'Sandwich', quantity: 1, priceMinor: PRICE }],
  );
  return sale.id;
}

/** Runs whatever is due: the settlement, webhooks, fiscal receipts. */
async function runJobs() {
  await ctx.app.jobs.idle();
  for (let round = 0; round < 3; round += 1) await ctx.app.jobs.runDue();
}

/** The reconciliation's rounds: what a time-out left in process is asked again and settled. */
async function reconcile() {
  await ctx.app.jobs.scheduleRecurring();
  for (let round = 0; round < 3; round += 1) {
    clock.advance(10 * 60_000);
    await runJobs();
  }
}

async function settle(id: number) {
  await ctx.app.jobs.enqueue(settleJob, { id }, { key: `sale-settle:${id}` });
  await runJobs();
}

const saleOf = async (id: number) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;

/** What a sale set off: its receipts (ready at the register) and its promotion accruals. */
async function outcomeOf(id: number) {
  const receipts = await db()
    .select({ kind: fiscalReceipts.kind, status: fiscalReceipts.status, amount: fiscalReceipts.amountMinor })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.transactionId, id))
    .orderBy(fiscalReceipts.id);
  const accruals = await db()
    .select({ amount: bonusOperations.amountMinor })
    .from(bonusOperations)
    .where(and(eq(bonusOperations.transactionId, id), eq(bonusOperations.reason, PROMOTION_REASON)));
  const sale = await saleOf(id);
  return { paymentStatus: sale.paymentStatus, receipts, accruals: accruals.map((row) => row.amount) };
}

const PAID_ONCE = {
  paymentStatus: 1,
  receipts: [{ kind: 'sale', status: 'ready', amount: PRICE }],
  accruals: [PRICE / 10],
};

const chargeAgain = (s: Shop, id: number) =>
  okApi(ctx, api.transaction.charge, { params: { id }, token: s.staff, body: { idempotency_key: randomUUID() } });

const refund = (s: Shop, id: number, amount: number) =>
  callApi(ctx, api.transaction.refund, {
    params: { id },
    token: s.staff,
    body: { amount_minor: amount, idempotency_key: randomUUID(), reason: 'Goodwill' },
  });

describe('every path of a paid sale: one receipt, one accrual', () => {
  it('paid at the settlement', async () => {
    const s = await shop();
    const id = await closedSale(s);
    await settle(id);
    await settle(id);
    expect(await outcomeOf(id)).toEqual(PAID_ONCE);
  });

  it('not paid, then charged again by an operator', async () => {
    const s = await shop();
    await s.setSimulation('decline');
    const id = await closedSale(s);
    await settle(id);
    expect(await outcomeOf(id)).toEqual({ paymentStatus: 2, receipts: [], accruals: [] });
    await s.setSimulation('none');
    await chargeAgain(s, id);
    await runJobs();
    expect(await outcomeOf(id)).toEqual(PAID_ONCE);
  });

  it('charged again, the provider’s answer lost: paid later by the reconciliation', async () => {
    const s = await shop();
    await s.setSimulation('decline');
    const id = await closedSale(s);
    await settle(id);
    await s.setSimulation('timeout');
    const pending = await chargeAgain(s, id);
    expect(pending.payment.status).toBe(10);
    expect((await outcomeOf(id)).paymentStatus).toBe(2);
    // The provider did the work; asked again under the row's key, it says so, and the sale follows.
    await s.setSimulation('none');
    await reconcile();
    expect(await outcomeOf(id)).toEqual(PAID_ONCE);
  });

  it('the provider did not answer the settlement: paid after the reconciliation', async () => {
    const s = await shop();
    await s.setSimulation('timeout');
    const id = await closedSale(s);
    await settle(id);
    expect((await saleOf(id)).status).toBe(4);
    await s.setSimulation('none');
    await reconcile();
    expect(await outcomeOf(id)).toEqual(PAID_ONCE);
  });

  it('a manual check resolved by an operator', async () => {
    const s = await shop();
    const id = await closedSale(s, 2);
    const [line] = await db().select().from(transactionProducts).where(eq(transactionProducts.transactionId, id));
    await okApi(ctx, api.transaction.correct, {
      params: { id },
      token: s.staff,
      body: {
        lines: [{ id: line!.id, product_id: s.product, quantity: 1 }],
      },
    });
    await runJobs();
    expect(await outcomeOf(id)).toEqual(PAID_ONCE);
  });

  it('refunds in part and then in full: a return receipt each, the sale receipt and accrual once', async () => {
    const s = await shop();
    const id = await closedSale(s);
    await settle(id);
    expect((await refund(s, id, 500)).statusCode).toBe(200);
    expect((await refund(s, id, PRICE - 500)).statusCode).toBe(200);
    await runJobs();
    expect(await outcomeOf(id)).toEqual({
      ...PAID_ONCE,
      receipts: [
        { kind: 'sale', status: 'ready', amount: PRICE },
        { kind: 'return', status: 'ready', amount: 500 },
        { kind: 'return', status: 'ready', amount: PRICE - 500 },
      ],
    });
    expect(await saleOf(id)).toMatchObject({ paidMinor: PRICE, refundedMinor: PRICE });
  });

  it('twenty refunds at once book at most what was paid', async () => {
    const s = await shop();
    const id = await closedSale(s);
    await settle(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(s, id, 300)));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    // 2,000 holds six refunds of 300; the rest are refused with the most that is left.
    expect(accepted).toHaveLength(6);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(14);
    const refunds = await db()
      .select({ amount: paymentTransactions.amountMinor, status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.transactionId, id), eq(paymentTransactions.operation, 'refund')));
    expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBe(1_800);
    expect(await saleOf(id)).toMatchObject({ paidMinor: PRICE, refundedMinor: 1_800 });
    await runJobs();
    expect((await outcomeOf(id)).receipts.filter((receipt) => receipt.kind === 'return')).toHaveLength(6);
  });
});
