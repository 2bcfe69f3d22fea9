import { DEFAULT_MICROMARKET_SETTINGS } from '@vitrina/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { insertFiscalMicromarket, insertPaidSale } from '../../../test/factories/receipt-sales.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  fiscalReceipts,
  fiscalTestReceipts,
  jobs,
  micromarkets,
  paymentTransactions,
  refundLines,
  transactionProducts,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { findFiscalSettings, saveFiscalSettings } from './fiscal.repository.js';
import { FISCAL_RETRY_MS, fiscalShiftClosed, onSalePaid, registerFiscalReceipt } from './index.js';

const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** An organisation with the test provider (a receipt ready `delaySeconds` after registration) and a sale. */
async function world(options: { delaySeconds?: number; isShiftOpen?: boolean; isFiscal?: boolean } = {}) {
  const orgId = await createOrganisation(db(), { fiscalNumber: '1234567890' });
  await saveFiscalSettings(db(), { orgId, provider: 'test', delaySeconds: options.delaySeconds ?? 0 });
  const provider = ctx.app.fiscal.build((await findFiscalSettings(db(), orgId))!)!;
  if (options.isShiftOpen ?? true) await provider.openShift();
  const micromarketId = await insertFiscalMicromarket(db(), orgId, options.isFiscal ?? true);
  const sale = { ...(await insertPaidSale(db(), { orgId, micromarketId, at: clock.now() })), micromarketId };
  return { orgId, micromarketId, sale, provider };
}

async function receiptOf(transactionId: number) {
  const [row] = await db().select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, transactionId));
  return row ?? null;
}

async function paid(sale: { id: number; micromarketId: number }) {
  await db().transaction((tx) => onSalePaid(tx, sale, clock.now()));
}

describe('fiscal.register job', () => {
  it('registers the receipt once the provider has it ready, retrying every 2 minutes until then', async () => {
    const { sale } = await world({ delaySeconds: 150 });
    await paid(sale);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'receipt.not_ready' });

    clock.advance(FISCAL_RETRY_MS - 1000);
    expect(await ctx.app.jobs.runDue()).toBe(0);
    clock.advance(1000);
    await ctx.app.jobs.runDue();
    // 120 s is not yet the provider's 150 s: asked again 2 minutes later.
    expect(await receiptOf(sale.id)).toMatchObject({ status: 'pending', attempts: 2 });

    clock.advance(FISCAL_RETRY_MS);
    await ctx.app.jobs.runDue();
    const row = await receiptOf(sale.id);
    expect(row).toMatchObject({ status: 'ready', attempts: 3, provider: 'test', lastError: null });
    expect(row?.fiscalNumber).toMatch(/^T\d+-1-/);
    expect(row?.fiscalSign).toMatch(/^[0-9A-F]{16}$/);
    expect(row?.url).toContain(row?.fiscalNumber);
  });

  it('waits while the shift is closed, shows it to the operator, and registers once it opens', async () => {
    const { sale, provider, micromarketId } = await world({ isShiftOpen: false });
    await paid(sale);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toMatchObject({ status: 'pending', lastError: 'fiscal.shift_closed' });
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(true);
    expect(
      await db()
        .select()
        .from(fiscalTestReceipts)
        .where(eq(fiscalTestReceipts.key, `fiscal:${sale.id}`)),
    ).toEqual([]);

    clock.advance(FISCAL_RETRY_MS);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'fiscal.shift_closed',
    });

    await provider.openShift();
    clock.advance(FISCAL_RETRY_MS);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toMatchObject({ status: 'ready', attempts: 3 });
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(false);
  });

  it('skips micromarkets with fiscal registration off, also when it was turned off after the sale', async () => {
    const { sale, micromarketId } = await world({ isFiscal: false, isShiftOpen: false });
    await paid(sale);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.key, `fiscal:${sale.id}`)),
    ).toEqual([]);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toBeNull();

    const later = await world();
    await paid(later.sale);
    await db()
      .update(micromarkets)
      .set({ settings: { ...DEFAULT_MICROMARKET_SETTINGS, fiscal_receipts: false } })
      .where(eq(micromarkets.id, later.micromarketId));
    await ctx.app.jobs.runDue();
    expect(await receiptOf(later.sale.id)).toBeNull();
    // Nothing fiscal refuses the sale of such a micromarket, shift or no shift.
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(false);
  });

  it('is idempotent: the hook twice queues one job, a job run twice makes one fiscal receipt', async () => {
    const { sale } = await world();
    await paid(sale);
    await paid(sale);
    const queued = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `fiscal:${sale.id}`));
    expect(queued).toHaveLength(1);
    await ctx.app.jobs.runDue();
    const first = await receiptOf(sale.id);
    expect(first?.status).toBe('ready');

    const job = { payload: { transaction_id: sale.id }, attempts: 1, maxAttempts: 8 };
    await registerFiscalReceipt({ db: db(), clock, providers: ctx.app.fiscal }, job);
    await paid(sale);
    await ctx.app.jobs.runDue();
    expect(await receiptOf(sale.id)).toEqual(first);
    const atProvider = await db()
      .select()
      .from(fiscalTestReceipts)
      .where(eq(fiscalTestReceipts.key, `fiscal:${sale.id}`));
    expect(atProvider).toHaveLength(1);
  });

  it('leaves unpaid sales alone and marks the receipt failed when the last attempt fails', async () => {
    const { sale, orgId, micromarketId } = await world({ isShiftOpen: false });
    const unpaid = await insertPaidSale(db(), { orgId, micromarketId, paymentStatus: 2 });
    const deps = { db: db(), clock, providers: ctx.app.fiscal };
    await registerFiscalReceipt(deps, { payload: { transaction_id: unpaid.id }, attempts: 1, maxAttempts: 2 });
    expect(await receiptOf(unpaid.id)).toBeNull();

    await expect(
      registerFiscalReceipt(deps, { payload: { transaction_id: sale.id }, attempts: 2, maxAttempts: 2 }),
    ).rejects.toThrow(/shift_closed/);
    expect(await receiptOf(sale.id)).toMatchObject({ status: 'failed', lastError: 'fiscal.shift_closed' });
  });

  it('prints a return of products on the test register with exactly the goods given back, summing to the refund', async () => {
    const { sale, orgId } = await world();
    await paid(sale);
    await ctx.app.jobs.runDue();
    const [latte, croissant] = await db()
      .select({ id: transactionProducts.id })
      .from(transactionProducts)
      .where(eq(transactionProducts.transactionId, sale.id))
      .orderBy(asc(transactionProducts.id));
    // A latte and the croissant (58.50 as sold) refunded for the 55.00 the bonuses left to give back.
    const [refund] = await db()
      .insert(paymentTransactions)
      .values({
        orgId,
        type: 2,
        status: 1,
        operation: 'refund',
        provider: 'test',
        amountMinor: 5_500,
        currency: 'UAH',
        idempotencyKey: `txn:${sale.id}:refund:by-products`,
        transactionId: sale.id,
      })
      .returning({ id: paymentTransactions.id });
    await db()
      .insert(refundLines)
      .values(
        [latte!, croissant!].map((line) => ({
          paymentTransactionId: refund!.id,
          transactionProductId: line.id,
          quantity: 1,
        })),
      );
    const job = { payload: { transaction_id: sale.id, refund_id: refund!.id }, attempts: 1, maxAttempts: 8 };
    await registerFiscalReceipt({ db: db(), clock, providers: ctx.app.fiscal }, job);

    const [returned] = await db().select().from(fiscalReceipts).where(eq(fiscalReceipts.refundPaymentId, refund!.id));
    expect(returned).toMatchObject({ kind: 'return', status: 'ready', amountMinor: 5_500 });
    const [printed] = await db()
      .select()
      .from(fiscalTestReceipts)
      .where(eq(fiscalTestReceipts.key, `fiscal:return:${refund!.id}`));
    // 3.50 kept, shared 36.00 : 22.50 — 2.15 off the latte, the rest (1.35) off the croissant.
    expect(printed).toMatchObject({
      totalMinor: 5_500,
      discountMinor: 0,
      lines: [
        { code: `line-${latte!.id}`, name: 'Кава лате', quantity: 1, priceMinor: 3_600, sumMinor: 3_385 },
        { code: `line-${croissant!.id}`, name: 'Croissant', quantity: 1, priceMinor: 2_250, sumMinor: 2_115 },
      ],
    });
    // The sale receipt keeps its goods too, less the bonuses on the whole receipt.
    const [sold] = await db()
      .select()
      .from(fiscalTestReceipts)
      .where(eq(fiscalTestReceipts.key, `fiscal:${sale.id}`));
    expect(sold).toMatchObject({ totalMinor: 9_000, discountMinor: 450 });
    expect(sold!.lines.map((line) => [line.quantity, line.sumMinor])).toEqual([
      [2, 7_200],
      [1, 2_250],
    ]);
  });

  it('keeps the test provider’s shift and receipts in the database (a restart loses nothing)', async () => {
    const { orgId, provider } = await world();
    const shift = await provider.shiftStatus();
    const again = ctx.app.fiscal.build((await findFiscalSettings(db(), orgId))!)!;
    expect(await again.shiftStatus()).toEqual(shift);
    expect(shift).toMatchObject({ isOpen: true, number: 1 });
    await again.closeShift();
    expect(await provider.shiftStatus()).toMatchObject({ isOpen: false, number: 1 });
    expect((await again.openShift()).number).toBe(2);
  });
});
