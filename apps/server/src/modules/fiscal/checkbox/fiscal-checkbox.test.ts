import { randomUUID } from 'node:crypto';
import { api, instantOfWallTime, wallTimeAt } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../../test/api-client.js';
import {
  fiscalShop,
  insertCoffeeSale,
  LATTE,
  reverseRefund,
  runDueJobs,
  settleSale,
} from '../../../../test/factories/fiscal-shop.js';
import { orgOnTestProvider } from '../../../../test/factories/payments.js';
import { createSignedInUser } from '../../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { CheckboxStandIn, checkboxCashier } from '../../../../test/stand-ins/checkbox-stand-in.js';
import { fiscalReceipts, paymentTransactions, transactionProducts, transactions } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { deliverTestWebhooks } from '../../payments/webhooks/payment-webhooks.service.js';
import { settleJob } from '../../sales/index.js';
import { customerOpenRefusal, REFUSAL_RULES } from '../../sales-gate/index.js';
import { FISCAL_RETRY_MS, registerFiscalReceipt } from '../index.js';

/**
 * Fiscal receipts on Checkbox through the real server: the organisation chooses Checkbox in
 * its fiscal settings, a sale paid by the settlement is registered by the fiscal job on a
 * shift the adapter opens, the customer's receipt shows the fiscal number and Checkbox's
 * link, a refund gets its return receipt, a retried job never registers twice, the nightly
 * close turns no customer away, and a shift that cannot be opened turns sales away (§8
 * "closed fiscal shift") until it can.
 */
const clock = new TestClock();
const standIn = new CheckboxStandIn([], () => clock.now());
let ctx: TestContext;
beforeAll(async () => {
  const checkboxBaseUrl = await standIn.start();
  ctx = await createTestContext({ clock, fiscal: { checkboxBaseUrl } });
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

const db = () => ctx.database.db;

/** An organisation paid through the test provider, registering receipts on a Checkbox register of its own. */
async function shop() {
  const cashier = checkboxCashier();
  standIn.books.addCashier(cashier);
  const s = await fiscalShop(ctx, {
    permissions: [
      'show_transactions_page',
      'show_update_transaction_page',
      'show_payment_system_setting',
      'edit_payment_system',
    ],
    latte: { name: 'Кава лате', barcode: '4820000000001' },
    register: async ({ orgId, staff }) => {
      const settings = await callApi(ctx, api.fiscal.updateSettings, {
        params: { org_id: orgId },
        token: staff,
        body: {
          provider: 'checkbox',
          api_key: cashier.licenseKey,
          cashier_login: cashier.login,
          cashier_password: cashier.password,
          tax_codes: ['Б'],
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
    },
  });
  return { ...s, cashier };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** Two lattes at 10 % off and a croissant, closed and waiting for its settlement. */
async function closedSale(s: Shop) {
  return (await insertCoffeeSale(ctx, s, { closedAt: clock.now() })).sale;
}

/** Whatever is due: the settlement, the fiscal job. */
const runJobs = () => runDueJobs(ctx, { webhooks: false });

async function paidSale(s: Shop) {
  const sale = await closedSale(s);
  const paid = await settleSale(ctx, sale.id, runJobs);
  expect(paid).toMatchObject({ paymentStatus: 1, amountMinor: 9_700 });
  return paid!;
}

const receiptsOf = (transactionId: number) =>
  db().select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, transactionId)).orderBy(fiscalReceipts.id);
const sellsOf = (s: Shop) =>
  [...standIn.books.receipts.values()].filter((receipt) => receipt.licenseKey === s.cashier.licenseKey);

/** §8's closed-shift rule of the sales gate (its other reasons are the sales gate's own tests). */
const FISCAL_RULE = REFUSAL_RULES.filter((rule) => rule.key === 'payment.refusal.fiscal_shift_closed');

describe('fiscal receipts on Checkbox', () => {
  it('keeps the credentials sealed and masked, checks them, and refuses Checkbox without a cashier', async () => {
    const s = await shop();
    const settingsOf = (token: string) => callApi(ctx, api.fiscal.settings, { params: { org_id: s.orgId }, token });
    const settings = (await settingsOf(s.staff)).json();
    expect(settings).toMatchObject({
      provider: 'checkbox',
      api_key: expect.stringMatching(/^•+.{4}$/),
      cashier_login: s.cashier.login,
      cashier_password: expect.stringMatching(/^•+/),
      cashier_pin: null,
      tax_codes: ['Б'],
      shift_close_time: '23:50',
      shift_problem: null,
    });
    expect(JSON.stringify(settings)).not.toContain(s.cashier.password);

    const test = await callApi(ctx, api.fiscal.testConnection, { params: { org_id: s.orgId }, token: s.staff });
    expect(test.json()).toEqual({
      ok: true,
      message: null,
      shift: { is_open: false, number: null, opened_at: null, closed_at: null },
    });

    const other = await orgOnTestProvider(ctx);
    const incomplete = await callApi(ctx, api.fiscal.updateSettings, {
      params: { org_id: other.orgId },
      token: other.operator,
      lang: 'en',
      body: { provider: 'checkbox', api_key: 'lic-1' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.error().fields).toEqual({ cashier_login: 'Enter the cashier’s login and password, or PIN code' });
    // Another organisation's register is not there to look at.
    expect((await settingsOf(other.operator)).statusCode).toBe(404);
    expect(
      (await callApi(ctx, api.fiscal.testConnection, { params: { org_id: s.orgId }, token: other.operator }))
        .statusCode,
    ).toBe(404);

    const wrong = await callApi(ctx, api.fiscal.updateSettings, {
      params: { org_id: s.orgId },
      token: s.staff,
      lang: 'en',
      body: { provider: 'checkbox', cashier_password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(200);
    const refused = await callApi(ctx, api.fiscal.testConnection, {
      params: { org_id: s.orgId },
      token: s.staff,
      lang: 'en',
    });
    expect(refused.json()).toEqual({
      ok: false,
      message: 'The fiscal provider refused the credentials: Invalid credentials',
      shift: null,
    });
  });

  it('a product names its own tax groups (at most two); without any it takes the organisation’s default', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const editor = await createSignedInUser(db(), { orgId, permissions: ['show_products_page', 'edit_products'] });
    const create = (taxCodes: string[] | null) =>
      callApi(ctx, api.product.create, {
        token: editor.token,
        lang: 'en',
        body: { name: `Tea ${randomUUID()}`, sell_cost: 3_000, tax_codes: taxCodes },
      });
    const taxed = await create(['1', 'Е']);
    expect(taxed.statusCode, taxed.body).toBe(200);
    expect(taxed.json().tax_codes).toEqual(['1', 'Е']);
    expect((await create(null)).json().tax_codes).toBeNull();
    const tooMany = await create(['1', '2', '3']);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.error().fields).toEqual({ tax_codes: 'At most two tax groups' });
  });

  it('registers a paid sale with its codes, tax groups, discounts and card payment; the receipt shows the fiscal number and link', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const [receipt] = await receiptsOf(sale.id);
    expect(receipt).toMatchObject({ kind: 'sale', status: 'ready', provider: 'checkbox', lastError: null });
    const [sold] = sellsOf(s);
    expect(sold).toMatchObject({ type: 'SELL', totalSum: 9_700, id: receipt!.providerReceiptId });
    expect(sold!.body).toEqual({
      id: receipt!.providerReceiptId,
      goods: [
        {
          good: { code: 'LATTE-1', name: 'Кава лате', price: LATTE, barcode: '4820000000001', tax: ['А'] },
          quantity: 2_000,
          discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 800 }],
        },
        { good: { code: String(s.croissant), name: 'Croissant', price: 2_500, tax: ['Б'] }, quantity: 1_000 },
      ],
      payments: [{ type: 'CASHLESS', value: 9_700, label: 'Картка' }],
    });
    // The adapter opened the day's shift itself, and the sale path knows it is open.
    expect(standIn.books.activeShift(s.cashier.login)).toMatchObject({ status: 'OPENED' });

    const page = (await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json();
    expect(page.fiscal).toEqual({
      status: 'ready',
      document: {
        number: sold!.fiscalCode,
        fiscal_sign: null,
        url: `https://check.checkbox.ua/${sold!.id}`,
        registered_at: expect.any(String),
      },
      returns: [],
    });
    const operator = (
      await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: s.staff })
    ).json();
    expect(operator.fiscal).toMatchObject({ status: 'ready', provider: 'checkbox', provider_receipt_id: sold!.id });
    const pdf = await callApi(ctx, api.receipt.publicReceiptPdf, { params: { token: sale.token } });
    expect(pdf.statusCode).toBe(200);
  });

  it('a part refunded by amount returns the sale’s own goods with their tax groups, each its share, naming the sale receipt', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const refund = (amount: number) =>
      callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: s.staff,
        body: { amount_minor: amount, idempotency_key: randomUUID(), reason: 'Goodwill' },
      });
    expect((await refund(1_000)).statusCode).toBe(200);
    await runJobs();
    const [saleReceipt, returnReceipt] = await receiptsOf(sale.id);
    expect(returnReceipt).toMatchObject({ kind: 'return', status: 'ready', amountMinor: 1_000 });
    const sold = standIn.books.receipts.get(saleReceipt!.providerReceiptId!)!;
    const returned = standIn.books.receipts.get(returnReceipt!.providerReceiptId!)!;
    expect(returned).toMatchObject({ type: 'RETURN', totalSum: 1_000 });
    // 10.00 over the lattes' 72.00 and the croissant's 25.00: 7.42 and 2.58, each line as the sale sold it.
    const [lattes, croissant] = sold.body.goods;
    expect(returned.body).toEqual({
      id: returnReceipt!.providerReceiptId,
      goods: [
        { ...lattes, is_return: true, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 800 + 7_200 - 742 }] },
        { ...croissant, is_return: true, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 2_500 - 258 }] },
      ],
      payments: [{ type: 'CASHLESS', value: 1_000, label: 'Картка' }],
      related_receipt_id: saleReceipt!.providerReceiptId,
    });
    expect(returned.body.goods.map(({ good }) => [good.name, good.tax])).toEqual([
      ['Кава лате', ['А']],
      ['Croissant', ['Б']],
    ]);
    const page = (await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json();
    expect(page.fiscal!.returns).toEqual([
      {
        kind: 'return',
        amount_minor: 1_000,
        status: 'ready',
        document: expect.objectContaining({ url: `https://check.checkbox.ua/${returned.id}` }),
      },
    ]);
  });

  it('a refund by products returns exactly those goods, with their quantities, codes and tax groups, for the sum refunded', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const [latteLine, croissantLine] = await db()
      .select({ id: transactionProducts.id })
      .from(transactionProducts)
      .where(eq(transactionProducts.transactionId, sale.id))
      .orderBy(transactionProducts.id);
    const refund = (body: { lines?: { line_id: number; quantity: number }[]; amount_minor?: number }) =>
      callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: s.staff,
        body: { ...body, idempotency_key: randomUUID(), reason: 'Product damaged or expired' },
      });
    // One latte of two; then 50.00 by amount; then the other latte and the croissant, worth
    // 61.00 as sold, for the 11.00 left of the money.
    expect((await refund({ lines: [{ line_id: latteLine!.id, quantity: 1 }] })).statusCode).toBe(200);
    expect((await refund({ amount_minor: 5_000 })).statusCode).toBe(200);
    const last = await refund({
      lines: [
        { line_id: latteLine!.id, quantity: 1 },
        { line_id: croissantLine!.id, quantity: 1 },
      ],
    });
    expect(last.json().transaction).toMatchObject({ refunded_minor: 9_700, refund_state: 'refunded' });
    await runJobs();
    const [saleReceipt, ...returns] = await receiptsOf(sale.id);
    expect(returns.map((receipt) => [receipt.status, receipt.amountMinor])).toEqual([
      ['ready', 3_600],
      ['ready', 5_000],
      ['ready', 1_100],
    ]);
    const [oneLatte, byAmount, rest] = returns.map(
      (receipt) => standIn.books.receipts.get(receipt.providerReceiptId!)!,
    );
    const latte = { code: 'LATTE-1', name: 'Кава лате', price: LATTE, barcode: '4820000000001', tax: ['А'] };
    expect(oneLatte).toMatchObject({ type: 'RETURN', totalSum: 3_600 });
    expect(oneLatte!.body).toEqual({
      id: returns[0]!.providerReceiptId,
      goods: [
        { good: latte, quantity: 1_000, is_return: true, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 400 }] },
      ],
      payments: [{ type: 'CASHLESS', value: 3_600, label: 'Картка' }],
      related_receipt_id: saleReceipt!.providerReceiptId,
    });
    // 50.00 by amount over what the lines still held, 36.00 : 25.00: the one latte left and the croissant.
    expect(byAmount!.body.goods).toEqual([
      { good: latte, quantity: 1_000, is_return: true, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 1_050 }] },
      {
        good: { code: String(s.croissant), name: 'Croissant', price: 2_500, tax: ['Б'] },
        quantity: 1_000,
        is_return: true,
        discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 450 }],
      },
    ]);
    // 50.00 kept of 61.00, shared 36.00 : 25.00: 29.50 off the latte (beside its 4.00), 20.50 off the croissant.
    expect(rest).toMatchObject({ type: 'RETURN', totalSum: 1_100 });
    expect(rest!.body.goods).toEqual([
      {
        good: latte,
        quantity: 1_000,
        is_return: true,
        discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 3_350 }],
      },
      {
        good: { code: String(s.croissant), name: 'Croissant', price: 2_500, tax: ['Б'] },
        quantity: 1_000,
        is_return: true,
        discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 2_050 }],
      },
    ]);
    expect(rest!.body.payments).toEqual([{ type: 'CASHLESS', value: 1_100, label: 'Картка' }]);
  });

  it('a refund the bank reverses after its return is corrected by a sale receipt of exactly the returned goods', async () => {
    const s = await shop();
    await okApi(ctx, api.payment.updateSettings, {
      params: { org_id: s.orgId },
      token: s.staff,
      body: {
        provider: 'test',
        simulate: 'none',
        webhook_secret: 'whsec_checkboxcorrection0001',
      },
    });
    const sale = await paidSale(s);
    const [latteLine] = await db()
      .select({ id: transactionProducts.id })
      .from(transactionProducts)
      .where(eq(transactionProducts.transactionId, sale.id))
      .orderBy(transactionProducts.id);
    // 50.00 by amount first, then both lattes for the 47.00 left: each with its share off.
    for (const body of [{ amount_minor: 5_000 }, { lines: [{ line_id: latteLine!.id, quantity: 2 }] }]) {
      const refunded = await callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: s.staff,
        body: { ...body, idempotency_key: randomUUID(), reason: 'Product damaged or expired' },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
    }
    await runJobs();
    const [, , goodsBack] = await receiptsOf(sale.id);
    expect(goodsBack).toMatchObject({ kind: 'return', status: 'ready', amountMinor: 4_700 });
    const [refund] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, goodsBack!.refundPaymentId!));
    await reverseRefund(ctx, s.orgId, refund!);
    await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)));
    await runJobs();

    const receipts = await receiptsOf(sale.id);
    expect(receipts.map((receipt) => [receipt.kind, receipt.status, receipt.amountMinor])).toEqual([
      ['sale', 'ready', 9_700],
      ['return', 'ready', 5_000],
      ['return', 'ready', 4_700],
      ['correction', 'ready', 4_700],
    ]);
    const returned = standIn.books.receipts.get(goodsBack!.providerReceiptId!)!;
    const correction = standIn.books.receipts.get(receipts[3]!.providerReceiptId!)!;
    // An ordinary sell receipt (the stand-in checked it against Checkbox's spec): the return's goods, not returned.
    expect(correction).toMatchObject({ type: 'SELL', totalSum: 4_700 });
    expect(correction.body).toEqual({
      id: receipts[3]!.providerReceiptId,
      goods: returned.body.goods.map(({ is_return: _returned, ...good }) => good),
      payments: [{ type: 'CASHLESS', value: 4_700, label: 'Картка' }],
    });
    expect(correction.body.goods).toEqual([
      {
        good: { code: 'LATTE-1', name: 'Кава лате', price: LATTE, barcode: '4820000000001', tax: ['А'] },
        quantity: 2_000,
        discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 3_300 }],
      },
    ]);
    const page = (await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json();
    expect(page.fiscal!.returns.map((receipt) => receipt.kind)).toEqual(['return', 'return', 'correction']);
  });

  it('a whole refund returns the sale’s goods', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const refunded = await callApi(ctx, api.transaction.refund, {
      params: { id: sale.id },
      token: s.staff,
      body: { amount_minor: 9_700, idempotency_key: randomUUID(), reason: 'Goodwill' },
    });
    expect(refunded.statusCode).toBe(200);
    await runJobs();
    const [saleReceipt, returnReceipt] = await receiptsOf(sale.id);
    expect(returnReceipt).toMatchObject({ kind: 'return', status: 'ready', amountMinor: 9_700 });
    const sold = standIn.books.receipts.get(saleReceipt!.providerReceiptId!)!;
    const returned = standIn.books.receipts.get(returnReceipt!.providerReceiptId!)!;
    expect(returned).toMatchObject({ type: 'RETURN', totalSum: 9_700 });
    expect(returned.body.goods).toEqual(sold.body.goods.map((good) => ({ ...good, is_return: true })));
  });

  it('a retried job never registers twice, even when Checkbox’s answer was lost', async () => {
    const s = await shop();
    const sale = await closedSale(s);
    // The settlement pays; the fiscal job's receipt reaches Checkbox but its answer does not come back.
    await ctx.app.jobs.enqueue(settleJob, { id: sale.id }, { key: `sale-settle:${sale.id}` });
    standIn.dropNextAnswerOn = 'POST /api/v1/receipts/sell';
    await runJobs();
    expect(sellsOf(s)).toHaveLength(1);
    const [lost] = await receiptsOf(sale.id);
    expect(lost).toMatchObject({ status: 'pending', attempts: 1, providerReceiptId: null });
    expect(lost!.lastError).toMatch(/^fiscal\.provider_unavailable:/);

    // Two minutes later the job sends the same receipt id again: Checkbox has it, so it is that one.
    clock.advance(FISCAL_RETRY_MS);
    await runJobs();
    const [receipt] = await receiptsOf(sale.id);
    expect(receipt).toMatchObject({ status: 'ready', attempts: 2, providerReceiptId: sellsOf(s)[0]!.id });
    expect(sellsOf(s)).toHaveLength(1);

    // Run once more, as a twin worker would: nothing more reaches Checkbox.
    const calls = standIn.requests.length;
    await registerFiscalReceipt(
      { db: db(), clock, providers: ctx.app.fiscal },
      { payload: { transaction_id: sale.id }, attempts: 1, maxAttempts: 8 },
    );
    expect(standIn.requests).toHaveLength(calls);
    expect(await receiptsOf(sale.id)).toEqual([receipt]);
  });

  describe('a return whose last attempt got no answer, its refund reversed before the next', () => {
    /** A paid sale refunded in full (its return's job run once, by `attempt`), then the bank reverses the refund. */
    async function returnThenReversal(s: Shop, attempt: () => void) {
      await okApi(ctx, api.payment.updateSettings, {
        params: { org_id: s.orgId },
        token: s.staff,
        body: {
          provider: 'test',
          simulate: 'none',
          webhook_secret: 'whsec_checkboxlostreturn0001',
        },
      });
      const sale = await paidSale(s);
      const refunded = await callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: s.staff,
        body: { amount_minor: 9_700, idempotency_key: randomUUID(), reason: 'Goodwill' },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      attempt();
      await runJobs();
      const [, unanswered] = await receiptsOf(sale.id);
      expect(unanswered).toMatchObject({ kind: 'return', status: 'pending', attempts: 1, providerReceiptId: null });
      expect(unanswered!.lastError).toMatch(/^fiscal\.provider_unavailable:/);
      const [refund] = await db()
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, unanswered!.refundPaymentId!));
      await reverseRefund(ctx, s.orgId, refund!);
      await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)));
      // The return's retry, then the correction once the return is ready.
      for (let round = 0; round < 2; round += 1) {
        clock.advance(FISCAL_RETRY_MS);
        await runJobs();
      }
      return sale;
    }

    it('it had reached Checkbox: sent again under its id, Checkbox answers the one it has, and it is corrected', async () => {
      const s = await shop();
      const sale = await returnThenReversal(s, () => {
        standIn.dropNextAnswerOn = 'POST /api/v1/receipts/sell';
      });
      const receipts = await receiptsOf(sale.id);
      expect(receipts.map((receipt) => [receipt.kind, receipt.status, receipt.amountMinor])).toEqual([
        ['sale', 'ready', 9_700],
        ['return', 'ready', 9_700],
        ['correction', 'ready', 9_700],
      ]);
      // One return at the register (the repeat was answered with it), undone by one sell receipt.
      expect(sellsOf(s).map((receipt) => [receipt.id, receipt.type, receipt.totalSum])).toEqual([
        [receipts[0]!.providerReceiptId, 'SELL', 9_700],
        [receipts[1]!.providerReceiptId, 'RETURN', 9_700],
        [receipts[2]!.providerReceiptId, 'SELL', 9_700],
      ]);
    });

    it('it had not reached Checkbox: registered on the retry, then corrected, so the register nets to the sale', async () => {
      const s = await shop();
      const sale = await returnThenReversal(s, () => {
        standIn.failNext = 1;
      });
      const receipts = await receiptsOf(sale.id);
      expect(receipts.map((receipt) => [receipt.kind, receipt.status])).toEqual([
        ['sale', 'ready'],
        ['return', 'ready'],
        ['correction', 'ready'],
      ]);
      const net = sellsOf(s).reduce((total, r) => total + (r.type === 'RETURN' ? -r.totalSum : r.totalSum), 0);
      expect(sellsOf(s)).toHaveLength(3);
      expect(net).toBe(9_700);
    });
  });

  it('a test-mode sale is never reported to a real register', async () => {
    const s = await shop();
    const sale = await closedSale(s);
    await db().update(transactions).set({ isTest: true }).where(eq(transactions.id, sale.id));
    await ctx.app.jobs.enqueue(settleJob, { id: sale.id }, { key: `sale-settle:${sale.id}` });
    await runJobs();
    const [receipt] = await receiptsOf(sale.id);
    expect(receipt).toMatchObject({ status: 'failed', lastError: 'fiscal.test_sale', providerReceiptId: null });
    expect(sellsOf(s)).toEqual([]);
  });

  it('the nightly close turns no customer away: a sale from 23:50 to midnight goes on the next shift, opened at once', async () => {
    const s = await shop();
    // The shop's organisation keeps Kyiv's clock (the default): the next day's 23:45 there.
    const wall = wallTimeAt(new Date(clock.nowMs() + 86_400_000), 'Europe/Kyiv');
    const at = (hour: number, minute: number) => instantOfWallTime({ ...wall, hour, minute }, 'Europe/Kyiv');
    clock.set(at(23, 45));
    await paidSale(s);
    const dayShift = standIn.books.activeShift(s.cashier.login)!;
    expect(dayShift).toMatchObject({ status: 'OPENED' });
    const refusal = () =>
      customerOpenRefusal(db(), { micromarketId: s.micromarketId, now: clock.now(), rules: FISCAL_RULE });

    // 23:50: the shifts job closes the day's shift with its Z report.
    await ctx.app.jobs.scheduleRecurring();
    clock.set(at(23, 50));
    await runJobs();
    expect(standIn.books.shifts.find((shift) => shift.id === dayShift.id)).toMatchObject({ status: 'CLOSED' });
    expect(standIn.books.activeShift(s.cashier.login)).toBeNull();

    // 23:55: the customer is let in, and the sale's receipt goes on a new shift.
    clock.set(at(23, 55));
    expect(await refusal()).toBeNull();
    const late = await paidSale(s);
    const [receipt] = await receiptsOf(late.id);
    expect(receipt).toMatchObject({ status: 'ready', lastError: null });
    const sold = standIn.books.receipts.get(receipt!.providerReceiptId!)!;
    const nextShift = standIn.books.shifts.find((shift) => shift.id === sold.shiftId)!;
    expect(nextShift.id).not.toBe(dayShift.id);
    expect(nextShift.status).toBe('OPENED');
    // Opened by the sale's receipt (its signing polled a second of the clock), after the close.
    expect(wallTimeAt(new Date(nextShift.openedAt!), 'Europe/Kyiv')).toMatchObject({ hour: 23, minute: 55 });
    expect(await refusal()).toBeNull();
    // The close is once a day: the shift opened after it stays open for the night's later sales.
    clock.set(at(23, 59));
    await runJobs();
    expect(standIn.books.activeShift(s.cashier.login)).toMatchObject({ id: nextShift.id, status: 'OPENED' });
    expect(await refusal()).toBeNull();

    // After midnight the night's shift does not outlive its day: the first receipt closes it and opens the day's.
    const nextDay = wallTimeAt(new Date(at(12, 0).getTime() + 86_400_000), 'Europe/Kyiv');
    clock.set(instantOfWallTime({ ...nextDay, hour: 0, minute: 5 }, 'Europe/Kyiv'));
    const morning = await paidSale(s);
    const [morningReceipt] = await receiptsOf(morning.id);
    expect(standIn.books.receipts.get(morningReceipt!.providerReceiptId!)!.shiftId).not.toBe(nextShift.id);
    expect(nextShift.status).toBe('CLOSED');
    // The other tests' clock is left in the day, away from the nightly close.
    clock.set(instantOfWallTime({ ...nextDay, hour: 12, minute: 0 }, 'Europe/Kyiv'));
  });

  it('a shift Checkbox cannot open turns sales away with §8 "closed fiscal shift" until a later try opens it', async () => {
    const s = await shop();
    const refusal = () =>
      customerOpenRefusal(db(), { micromarketId: s.micromarketId, now: clock.now(), rules: FISCAL_RULE });
    expect(await refusal()).toBeNull();

    standIn.books.refuseNextOpening = 'Сертифікат касира недійсний';
    const sale = await paidSale(s);
    expect((await receiptsOf(sale.id))[0]).toMatchObject({ status: 'pending', lastError: 'fiscal.shift_closed' });
    expect(sellsOf(s)).toEqual([]);
    expect(await refusal()).toBe('payment.refusal.fiscal_shift_closed');
    const settings = await callApi(ctx, api.fiscal.settings, {
      params: { org_id: s.orgId },
      token: s.staff,
      lang: 'en',
    });
    expect(settings.json()).toMatchObject({
      shift_open: false,
      shift_problem: 'The fiscal shift could not be opened: Сертифікат касира недійсний',
    });

    // The shifts job asks again two minutes later; the register opens the shift now.
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(FISCAL_RETRY_MS);
    await runJobs();
    expect(await refusal()).toBeNull();
    const [receipt] = await receiptsOf(sale.id);
    expect(receipt).toMatchObject({ status: 'ready', lastError: null });
  });
});
