import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import {
  CROISSANT,
  fiscalShop,
  insertCoffeeSale,
  LATTE,
  reverseRefund,
  runDueJobs,
  settleSale,
} from '../../../test/factories/fiscal-shop.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { pdfPlainText } from '../../../test/pdf-text.js';
import {
  fiscalReceipts,
  fiscalTestReceipts,
  jobs,
  paymentTransactions,
  transactionProducts,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { deliverTestWebhooks } from '../payments/webhooks/payment-webhooks.service.js';
import { correctionFiscalKey, FISCAL_RETRY_MS, fiscalRegisterJob } from './index.js';

/**
 * A refund the bank confirmed and later reversed (`refund.failed`), in a micromarket that
 * registers fiscal receipts on the built-in test register: the return receipt already
 * registered for it is undone by a correction, a sale receipt of exactly the goods the return
 * printed, registered once however often the reversal is told; a return that never reached the
 * register is dropped instead, with no correction. The sale's receipt page lists both.
 */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let secrets = 0;

/** An organisation on the test provider (its webhooks signed) registering receipts on the test register. */
function shop() {
  return fiscalShop(ctx, {
    permissions: ['show_transactions_page', 'show_update_transaction_page'],
    latte: { name: 'Latte' },
    register: async ({ orgId, operator }) => {
      secrets += 1;
      await okApi(ctx, api.payment.updateSettings, {
        params: { org_id: orgId },
        token: operator,
        body: {
          provider: 'test',
          simulate: 'none',
          webhook_secret: `whsec_fiscalcorrection${String(secrets).padStart(4, '0')}`,
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
type Shop = Awaited<ReturnType<typeof shop>>;

/** Whatever is due: the settlement, the test provider's webhooks, the fiscal jobs. */
const runJobs = () => runDueJobs(ctx, { webhooks: true });

/** Two lattes at 10 % off and a croissant, 40.00 of it paid with bonuses: 57.00 taken from the customer's card. */
async function paidSale(s: Shop) {
  const { sale, lineIds } = await insertCoffeeSale(ctx, s, { closedAt: clock.now(), bonusesUsedMinor: 4_000 });
  const paid = await settleSale(ctx, sale.id, runJobs);
  expect(paid).toMatchObject({ paymentStatus: 1, amountMinor: 5_700, paidMinor: 5_700 });
  return { ...paid!, latteLine: lineIds[0]!, croissantLine: lineIds[1]! };
}
type Sale = Awaited<ReturnType<typeof paidSale>>;

/** One latte and the croissant back: worth 61.00, for the 57.00 that was paid. */
async function refundGoods(s: Shop, sale: Sale) {
  const answer = await callApi(ctx, api.transaction.refund, {
    params: { id: sale.id },
    token: s.staff,
    body: {
      lines: [
        { line_id: sale.latteLine, quantity: 1 },
        { line_id: sale.croissantLine, quantity: 1 },
      ],
      reason: 'Product damaged or expired',
      idempotency_key: randomUUID(),
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [row] = await db()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.transactionId, sale.id), eq(paymentTransactions.operation, 'refund')));
  expect(row).toMatchObject({ status: 1 });
  // Less than the 61.00 they were sold for: each line of the return takes a share off.
  expect(row!.amountMinor).toBeLessThan(3_600 + CROISSANT);
  return row!;
}

/** Days later the card's bank gives the refund back to the merchant: the test bank's `refund.failed`. */
const reverse = (s: Shop, refund: { providerReference: string | null }) => reverseRefund(ctx, s.orgId, refund);

const receiptsOf = (saleId: number) =>
  db().select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, saleId)).orderBy(fiscalReceipts.id);
const printed = (s: Shop, key: string) =>
  db()
    .select()
    .from(fiscalTestReceipts)
    .where(and(eq(fiscalTestReceipts.orgId, s.orgId), eq(fiscalTestReceipts.key, key)));
/** The test register's receipts of the shop in the order they were registered (ids; PostgreSQL returns no set order). */
const registerOf = (s: Shop) =>
  db()
    .select()
    .from(fiscalTestReceipts)
    .where(eq(fiscalTestReceipts.orgId, s.orgId))
    .orderBy(asc(fiscalTestReceipts.id));

describe('a refund reversed after its return receipt was registered', () => {
  it('gets one correction: a sale receipt of exactly the goods the return printed, shown on the receipt page', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const refund = await refundGoods(s, sale);
    await runJobs();
    const [, returned] = await receiptsOf(sale.id);
    expect(returned).toMatchObject({ kind: 'return', status: 'ready', amountMinor: refund.amountMinor });

    await reverse(s, refund);
    await runJobs();
    const [saleReceipt, returnReceipt, correction] = await receiptsOf(sale.id);
    expect(saleReceipt).toMatchObject({ kind: 'sale', status: 'ready' });
    expect(returnReceipt).toEqual(returned);
    expect(correction).toMatchObject({
      kind: 'correction',
      refundPaymentId: refund.id,
      status: 'ready',
      amountMinor: refund.amountMinor,
      lastError: null,
    });
    // The register's books: the correction sells back exactly what the return gave back.
    const [returnPrinted] = await printed(s, `fiscal:return:${refund.id}`);
    const [correctionPrinted] = await printed(s, correctionFiscalKey(refund.id));
    expect(correctionPrinted).toMatchObject({
      totalMinor: refund.amountMinor,
      discountMinor: returnPrinted!.discountMinor,
      lines: returnPrinted!.lines,
    });
    const [latteOff, croissantOff] = correction!.document!.lines.map((line) => line.discountMinor ?? 0);
    expect(latteOff! + croissantOff!).toBe(3_600 + CROISSANT - refund.amountMinor);
    expect(latteOff).toBeGreaterThan(0);
    expect(correctionPrinted!.lines).toEqual([
      { code: 'LATTE-1', name: 'Latte', quantity: 1, priceMinor: 3_600, sumMinor: 3_600 - latteOff! },
      {
        code: String(s.croissant),
        name: 'Croissant',
        quantity: 1,
        priceMinor: CROISSANT,
        sumMinor: CROISSANT - croissantOff!,
      },
    ]);
    // The same goods, codes, tax groups, prices and discounts as the return sent.
    expect(correction!.document).toEqual(returnReceipt!.document);
    expect(correction!.document!.lines.map((line) => [line.code, line.taxCodes, line.listPriceMinor])).toEqual([
      ['LATTE-1', ['А'], LATTE],
      [String(s.croissant), [], CROISSANT],
    ]);

    const page = await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } });
    expect(page.json().refunded_minor).toBe(0);
    expect(page.json().fiscal!.returns).toEqual([
      { kind: 'return', amount_minor: refund.amountMinor, status: 'ready', document: expect.objectContaining({}) },
      {
        kind: 'correction',
        amount_minor: refund.amountMinor,
        status: 'ready',
        document: expect.objectContaining({ number: correctionPrinted!.fiscalNumber }),
      },
    ]);
    const pdf = await callApi(ctx, api.receipt.publicReceiptPdf, {
      params: { token: sale.token },
      query: { lang: 'en' },
    });
    expect(pdf.statusCode).toBe(200);
    // The PDF says what the correction is, as the page does, under its title.
    const text = pdfPlainText(pdf.rawPayload);
    const note =
      'Cancels an earlier return receipt of this amount: the bank reversed that refund, so the money stayed with the seller.';
    const times = (part: string) => text.split(part).length - 1;
    expect([times('Correction receipt'), times(note)]).toEqual([1, 1]);
    expect(text.indexOf(note)).toBeGreaterThan(text.indexOf('Correction receipt'));
    const ua = await callApi(ctx, api.receipt.publicReceiptPdf, {
      params: { token: sale.token },
      query: { lang: 'ua' },
    });
    expect(pdfPlainText(ua.rawPayload)).toContain(
      'Скасовує попередній чек повернення на цю суму: банк відкликав те повернення коштів, тож гроші залишилися в продавця.',
    );
  });

  it('a repeated reversal webhook, and a twin run of its job, still register one correction', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const refund = await refundGoods(s, sale);
    await runJobs();
    await reverse(s, refund);
    // The bank tells it twice, under two event ids (as Stripe's refund.failed and charge.refund.updated).
    const [failed] = ctx.app.payments.testBank.takeDueWebhooks();
    const event = JSON.parse(failed!.body) as { id: string };
    const again = JSON.stringify({ ...event, id: `${event.id}_again` });
    const secret = `whsec_fiscalcorrection${String(secrets).padStart(4, '0')}`;
    for (const body of [failed!.body, again, failed!.body]) {
      ctx.app.payments.testBank.queueWebhook({ source: failed!.source, secret, body, dueMs: clock.nowMs() });
    }
    await runJobs();
    clock.advance(FISCAL_RETRY_MS);
    await runJobs();
    // A twin worker runs the correction's job once more.
    await ctx.app.jobs.enqueue(
      fiscalRegisterJob,
      { transaction_id: sale.id, refund_id: refund.id, correction: true },
      { key: `twin:${refund.id}` },
    );
    await runJobs();
    const corrections = (await receiptsOf(sale.id)).filter((receipt) => receipt.kind === 'correction');
    expect(corrections).toMatchObject([{ status: 'ready', attempts: 1 }]);
    expect(await printed(s, correctionFiscalKey(refund.id))).toHaveLength(1);
    expect((await registerOf(s)).map((receipt) => receipt.key)).toEqual([
      `fiscal:${sale.id}`,
      `fiscal:return:${refund.id}`,
      correctionFiscalKey(refund.id),
    ]);
  });

  it('a return registered but not ready yet is corrected once it is ready, after it', async () => {
    const s = await shop();
    await okApi(ctx, api.fiscal.updateSettings, {
      params: { org_id: s.orgId },
      token: s.operator,
      body: {
        provider: 'test',
        delay_seconds: 600,
      },
    });
    const sale = await paidSale(s);
    clock.advance(600_000);
    await runJobs();
    const refund = await refundGoods(s, sale);
    await runJobs();
    expect((await receiptsOf(sale.id))[1]).toMatchObject({ kind: 'return', status: 'pending' });
    expect(await printed(s, `fiscal:return:${refund.id}`)).toHaveLength(1);

    await reverse(s, refund);
    await runJobs();
    expect((await receiptsOf(sale.id)).map((receipt) => receipt.kind)).toEqual(['sale', 'return']);
    for (let minutes = 0; minutes < 12; minutes += 2) {
      clock.advance(FISCAL_RETRY_MS);
      await runJobs();
    }
    clock.advance(600_000);
    await runJobs();
    clock.advance(FISCAL_RETRY_MS);
    await runJobs();
    const receipts = await receiptsOf(sale.id);
    expect(receipts.map((receipt) => [receipt.kind, receipt.status])).toEqual([
      ['sale', 'ready'],
      ['return', 'ready'],
      ['correction', 'ready'],
    ]);
    const [returnPrinted] = await printed(s, `fiscal:return:${refund.id}`);
    const [correctionPrinted] = await printed(s, correctionFiscalKey(refund.id));
    expect(correctionPrinted!.registeredAt.getTime()).toBeGreaterThanOrEqual(returnPrinted!.readyAt.getTime());
  });
});

describe('a refund reversed before its return receipt was registered', () => {
  it('registers neither the return nor a correction', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    // The register's shift is closed: the return waits for it.
    await okApi(ctx, api.fiscal.closeShift, { params: { org_id: s.orgId }, token: s.operator });
    const refund = await refundGoods(s, sale);
    await runJobs();
    expect((await receiptsOf(sale.id))[1]).toMatchObject({
      kind: 'return',
      status: 'pending',
      providerReceiptId: null,
      lastError: 'fiscal.shift_closed',
    });

    await reverse(s, refund);
    await runJobs();
    await okApi(ctx, api.fiscal.openShift, { params: { org_id: s.orgId }, token: s.operator });
    for (let round = 0; round < 3; round += 1) {
      clock.advance(FISCAL_RETRY_MS);
      await runJobs();
    }
    expect((await receiptsOf(sale.id)).map((receipt) => receipt.kind)).toEqual(['sale']);
    expect((await registerOf(s)).map((receipt) => receipt.key)).toEqual([`fiscal:${sale.id}`]);
    const pending = await db()
      .select({ key: jobs.key, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.key, `fiscal:return:${refund.id}`));
    expect(pending.map((job) => job.status)).not.toContain('queued');
    const page = await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } });
    expect(page.json().fiscal!.returns).toEqual([]);
    // The goods are refundable again, and this time the return is registered.
    expect(
      (await db().select().from(transactionProducts).where(eq(transactionProducts.transactionId, sale.id))).map(
        (line) => line.refundedQuantity,
      ),
    ).toEqual([0, 0]);
  });

  it('a reversal before the return job ran at all leaves no return either', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const refund = await refundGoods(s, sale);
    // The webhook of the refund and its reversal arrive before the fiscal job runs.
    await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)));
    await reverse(s, refund);
    await runJobs();
    expect((await receiptsOf(sale.id)).map((receipt) => receipt.kind)).toEqual(['sale']);
    expect((await registerOf(s)).map((receipt) => receipt.key)).toEqual([`fiscal:${sale.id}`]);
  });
});
