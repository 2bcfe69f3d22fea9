import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import {
  type FiscalShop,
  fiscalShop,
  reverseRefund,
  runDueJobs,
  settleSale,
} from '../../../test/factories/fiscal-shop.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertFiscalMicromarket } from '../../../test/factories/receipt-sales.js';
import { insertClosedSale } from '../../../test/factories/sales.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { paymentTransactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { settleJob } from '../sales/index.js';

/**
 * The transaction card's receipts: every fiscal receipt of a sale as the operator
 * gets it through `/v1/device/transaction/receipt/:id` — the sale receipt, a return per refund,
 * and the correction of a refund the bank reversed after its return was registered — in order,
 * with its state, amount, document, refund and place on Vitrina's receipt page.
 */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let secrets = 0;

/** An organisation paying through the test provider (webhooks signed) and registering on the test register. */
function shop() {
  secrets += 1;
  return fiscalShop(ctx, {
    permissions: ['show_transactions_page', 'show_update_transaction_page'],
    latte: { name: 'Latte' },
    register: async ({ orgId, operator }) => {
      await okApi(ctx, api.payment.updateSettings, {
        params: { org_id: orgId },
        token: operator,
        body: {
          provider: 'test',
          simulate: 'none',
          webhook_secret: `whsec_cardreceipts${String(secrets).padStart(4, '0')}`,
        },
      });
      await okApi(ctx, api.fiscal.updateSettings, {
        params: { org_id: orgId },
        token: operator,
        body: { provider: 'test', delay_seconds: 0 },
      });
      await okApi(ctx, api.fiscal.openShift, { params: { org_id: orgId }, token: operator });
    },
  });
}
type Shop = FiscalShop;

/** Whatever is due: the settlement, the test provider's webhooks, the fiscal jobs. */
const runJobs = () => runDueJobs(ctx, { webhooks: true });

/** Three lattes at 40.00, 120.00 taken from the customer's card. */
async function paidSale(s: Shop) {
  const { sale, lineIds } = await insertClosedSale(
    db(),
    { orgId: s.orgId, micromarketId: s.micromarketId, customerId: s.customer.userId, closedAt: clock.now() },
    [{ productId: s.latte, name: 'Latte', quantity: 3, priceMinor: 4_000 }],
  );
  const paid = await settleSale(ctx, sale.id, runJobs);
  expect(paid).toMatchObject({ paymentStatus: 1, amountMinor: 12_000 });
  return { ...paid!, latteLine: lineIds[0]! };
}
type Sale = Awaited<ReturnType<typeof paidSale>>;

async function refund(s: Shop, sale: Sale, payload: object) {
  const answer = await callApi(ctx, api.transaction.refund, {
    params: { id: sale.id },
    token: s.staff,
    body: { ...payload, reason: 'Goodwill', idempotency_key: randomUUID() },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const rows = await db()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.transactionId, sale.id), eq(paymentTransactions.operation, 'refund')))
    .orderBy(asc(paymentTransactions.id));
  return rows.at(-1)!;
}

const reverse = (s: Shop, row: { providerReference: string | null }) => reverseRefund(ctx, s.orgId, row);

const receiptsFor = async (token: string, saleId: number, lang = 'en') => {
  const answer = await callApi(ctx, api.receipt.transactionReceipt, { params: { id: saleId }, token, lang });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().receipts;
};
const registered = { number: expect.any(String), url: expect.any(String), registered_at: expect.any(String) };

describe('the transaction card’s receipts', () => {
  it('lists the sale receipt, a return per refund and the correction of the reversed one, in order', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const page = `http://panel.test/receipt/${sale.token}`;
    // A partial refund by amount, kept; then one latte back, which the bank later reverses.
    const kept = await refund(s, sale, { amount_minor: 1_500 });
    clock.advance(60_000);
    const reversed = await refund(s, sale, { lines: [{ line_id: sale.latteLine, quantity: 1 }] });
    await runJobs();
    await reverse(s, reversed);
    await runJobs();

    const receipts = await receiptsFor(s.staff, sale.id);
    const card = await callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: s.staff });
    const refunds = card.json().refunds;
    expect(refunds.map((row) => row.payment_ids)).toEqual([[kept.id], [reversed.id]]);
    expect(receipts).toEqual([
      {
        id: expect.any(Number),
        kind: 'sale',
        status: 'ready',
        amount_minor: 12_000,
        refund: null,
        attempts: 1,
        problem: null,
        document: expect.objectContaining(registered),
        receipt_url: `${page}#fiscal`,
      },
      {
        id: expect.any(Number),
        kind: 'return',
        status: 'ready',
        amount_minor: 1_500,
        // The refund it gives back, as the card's refunds name it.
        refund: { payment_id: kept.id, at: refunds[0]!.at },
        attempts: 1,
        problem: null,
        document: expect.objectContaining(registered),
        receipt_url: `${page}#fiscal-1`,
      },
      {
        id: expect.any(Number),
        kind: 'return',
        status: 'ready',
        amount_minor: 4_000,
        refund: { payment_id: reversed.id, at: refunds[1]!.at },
        attempts: 1,
        problem: null,
        document: expect.objectContaining(registered),
        receipt_url: `${page}#fiscal-2`,
      },
      {
        id: expect.any(Number),
        kind: 'correction',
        status: 'ready',
        amount_minor: 4_000,
        refund: { payment_id: reversed.id, at: refunds[1]!.at },
        attempts: 1,
        problem: null,
        document: expect.objectContaining(registered),
        receipt_url: `${page}#fiscal-3`,
      },
    ]);
    expect(refunds[0]!.at).not.toBe(refunds[1]!.at);
    expect(new Set(receipts.map((row) => row.document!.number)).size).toBe(4);

    // Each anchor is the receipt's place on the public page: the same documents, in the same order.
    const publicPage = (await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json();
    expect(publicPage.fiscal!.document!.number).toBe(receipts[0]!.document!.number);
    expect(publicPage.fiscal!.returns.map((row) => [row.kind, row.document!.number])).toEqual(
      receipts.slice(1).map((row) => [row.kind, row.document!.number]),
    );
  });

  it('shows a receipt still waiting, with why, in the caller’s language', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    await okApi(ctx, api.fiscal.closeShift, { params: { org_id: s.orgId }, token: s.operator });
    const row = await refund(s, sale, { amount_minor: 2_000 });
    await runJobs();

    const [saleReceipt, returned] = await receiptsFor(s.staff, sale.id);
    expect(saleReceipt).toMatchObject({ kind: 'sale', status: 'ready' });
    expect(returned).toMatchObject({
      kind: 'return',
      status: 'pending',
      amount_minor: 2_000,
      refund: { payment_id: row.id },
      problem: 'The fiscal shift is closed',
      document: null,
      receipt_url: `http://panel.test/receipt/${sale.token}#fiscal-1`,
    });
    expect((await receiptsFor(s.staff, sale.id, 'ua'))[1]!.problem).not.toBe('The fiscal shift is closed');
  });

  it('lists nothing for a sale with no fiscal receipt, and keeps them within the organisation and the permission', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    expect(await receiptsFor(s.staff, sale.id)).toHaveLength(1);

    expect((await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id } })).statusCode).toBe(401);
    const { token: unpermitted } = await createSignedInUser(db(), {
      orgId: s.orgId,
      permissions: ['show_update_transaction_page'],
    });
    expect(
      (await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: unpermitted })).statusCode,
    ).toBe(403);
    const stranger = await orgOnTestProvider(ctx);
    const { token: foreign } = await createSignedInUser(db(), {
      orgId: stranger.orgId,
      permissions: ['show_transactions_page'],
    });
    const hidden = await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: foreign });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('receipts');

    const plainMarket = await insertFiscalMicromarket(db(), s.orgId, false);
    const { sale: plain } = await insertClosedSale(
      db(),
      { orgId: s.orgId, micromarketId: plainMarket, customerId: s.customer.userId, closedAt: clock.now() },
      [{ productId: s.latte, name: 'Latte', quantity: 1, priceMinor: 4_000 }],
    );
    await ctx.app.jobs.enqueue(settleJob, { id: plain.id }, { key: `sale-settle:${plain.id}` });
    await runJobs();
    expect(await receiptsFor(s.staff, plain.id)).toEqual([]);
  });
});
