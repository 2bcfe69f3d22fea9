import { SALE_PAYMENT, SALE_PAYMENT_TYPE, SALE_STATUS } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { micromarkets, products, transactionProducts, transactions } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

/**
 * A few paid sales of the e2e water at "E2E Fridge North" (today and days before), so the
 * report and the dashboard have figures to show; written as settlement writes them (main.ts rolls them up after seeding).
 */
export async function seedE2eSales(db: Db, orgId: number): Promise<void> {
  const [market] = await db
    .select({ id: micromarkets.id })
    .from(micromarkets)
    .where(and(eq(micromarkets.orgId, orgId), eq(micromarkets.name, 'E2E Fridge North')));
  const [product] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.orgId, orgId), eq(products.name, 'E2E Water 500 ml')));
  if (!market || !product) return;
  const now = Date.now();
  for (const [daysAgo, quantity] of [
    [0, 2],
    [1, 1],
    [3, 3],
    [10, 4],
  ] as const) {
    const at = new Date(now - daysAgo * DAY_MS);
    const [sale] = await db
      .insert(transactions)
      .values({
        orgId,
        micromarketId: market.id,
        paymentType: SALE_PAYMENT_TYPE.tags,
        status: SALE_STATUS.successful,
        paymentStatus: SALE_PAYMENT.paid,
        currency: 'UAH',
        grossMinor: quantity * 2500,
        amountMinor: quantity * 2500,
        paidMinor: quantity * 2500,
        costMinor: quantity * 1000,
        openedAt: at,
        closedAt: at,
        settledAt: at,
      })
      .returning({ id: transactions.id });
    await db.insert(transactionProducts).values({
      transactionId: sale!.id,
      productId: product.id,
      categoryId: product.categoryId,
      name: 'E2E Water 500 ml',
      source: 'tag',
      quantity,
      listPriceMinor: 2500,
      priceMinor: 2500,
      costMinor: 1000,
    });
  }
}
