import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../test/factories/catalogue.js';
import { createTenant } from '../../test/factories/tenant.js';
import { call, createTestContext, type TestContext } from '../../test/helper.js';
import {
  customerCards,
  fiscalSettings,
  fiscalTestShifts,
  paymentSettings,
  paymentTransactions,
  transactionProducts,
  transactions,
  users,
} from '../db/schema/index.js';
import { customerTokensOf, seedCustomersDemo, seedFiscalDemo, seedSalesHistoryDemo } from './sales.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo sales', () => {
  it("opens each demo organisation's fiscal test register, so live sales get their fiscal receipts", async () => {
    const db = ctx.database.db;
    const { org } = await createTenant(db);
    await seedFiscalDemo(db, [org.main], new Date());
    const [settings] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.orgId, org.main));
    const [shift] = await db.select().from(fiscalTestShifts).where(eq(fiscalTestShifts.orgId, org.main));
    expect(settings).toMatchObject({ provider: 'test', shiftOpen: true });
    expect(shift).toMatchObject({ isOpen: true, number: 1 });
  });

  it('gives each organisation the test provider and customers with cards, and turns sold tags into paid sales', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const { org } = tenant;
    const sealed = (orgId: number) =>
      ctx.app.payments.sealCredentials(orgId, { webhook_secret: `whsec_demo${orgId}` })!;
    const tokens = await seedCustomersDemo(db, [org.main], sealed);
    expect(tokens.get(org.main)).toHaveLength(24);
    expect(await customerTokensOf(db, org.main)).toEqual(tokens.get(org.main));
    const [settings] = await db.select().from(paymentSettings).where(eq(paymentSettings.orgId, org.main));
    expect(settings?.provider).toBe('test');
    // Its webhooks are verified with a secret of its own, stored sealed.
    expect(settings?.credentialsSealed).not.toContain('whsec_');
    expect(ctx.app.payments.openCredentials(settings!)).toEqual({ webhook_secret: `whsec_demo${org.main}` });
    expect(await db.select().from(customerCards).where(eq(customerCards.orgId, org.main))).toHaveLength(24);
    // Registered through registerCustomer: type 1, no role, the phone in E.164.
    const customers = await db
      .select()
      .from(users)
      .where(and(eq(users.orgId, org.main), eq(users.userType, 1)));
    expect(customers).toHaveLength(24);
    for (const customer of customers) {
      expect(customer).toMatchObject({ roleId: null, passwordHash: null });
      expect(customer.phones).toEqual([expect.stringMatching(/^\+38067[0-9]{7}$/)]);
    }

    const marketId = await insertMicromarket(db, org.main, 'History');
    const productId = await insertProduct(db, org.main, { name: 'Kefir', sellCostMinor: 4_500, baseCostMinor: 2_000 });
    const at = new Date('2026-11-01T09:00:00Z');
    await insertTags(db, org.main, productId, [
      ...codes('E2DE0501', 5).map((code) => ({ code, status: 'sold' as const, micromarketId: marketId, soldAt: at })),
      ...codes('E2DE0502', 1).map((code) => ({ code, status: 'not_paid' as const, micromarketId: marketId })),
    ]);
    const count = await seedSalesHistoryDemo(db, [org.main]);
    expect(count).toBeGreaterThanOrEqual(2);
    const sales = await db.select().from(transactions).where(eq(transactions.micromarketId, marketId));
    expect(sales).toHaveLength(count);
    const lines = await db
      .select()
      .from(transactionProducts)
      .where(
        inArray(
          transactionProducts.transactionId,
          sales.map((sale) => sale.id),
        ),
      );
    // Every tag is one line of one sale, at the product's price.
    expect(lines).toHaveLength(6);
    for (const sale of sales) {
      const own = lines.filter((line) => line.transactionId === sale.id);
      expect(sale.amountMinor).toBe(own.length * 4_500);
      expect(sale.costMinor).toBe(own.length * 2_000);
    }
    const paid = sales.filter((sale) => sale.paymentStatus === 1);
    const declined = sales.filter((sale) => sale.paymentStatus === 2);
    expect(paid.reduce((sum, sale) => sum + sale.amountMinor, 0)).toBe(5 * 4_500);
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ paidMinor: 0, errorCode: 'card_declined' });
    const ledger = await db
      .select()
      .from(paymentTransactions)
      .where(
        inArray(
          paymentTransactions.transactionId,
          sales.map((sale) => sale.id),
        ),
      );
    expect(ledger.filter((row) => row.operation === 'charge')).toHaveLength(sales.length);
    for (const refund of ledger.filter((row) => row.operation === 'refund')) expect(refund.parentId).not.toBeNull();

    // The test provider's bank has the seeded payments in its books: an operator refunds one as any other.
    const refundable = paid.find((sale) => sale.refundedMinor < sale.amountMinor)!;
    const refund = await call(ctx, 'POST', `/v1/device/transaction/refund/${refundable.id}`, {
      token: await tenant.token('operator'),
      payload: { amount_minor: 100, reason: 'A seeded sale, refunded in the demo', idempotency_key: randomUUID() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      payment: { operation: 'refund', status: 1, amount_minor: 100 },
      error: null,
    });
  });
});
