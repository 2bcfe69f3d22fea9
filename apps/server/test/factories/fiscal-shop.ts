import type { Permission } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactions } from '../../src/db/schema/index.js';
import type { TestPaymentProvider } from '../../src/modules/payments/test-bank/test-provider.js';
import { deliverTestWebhooks } from '../../src/modules/payments/webhooks/payment-webhooks.service.js';
import { settleJob } from '../../src/modules/sales/index.js';
import type { TestContext } from '../helper.js';
import { insertProduct } from './catalogue.js';
import { orgOnTestProvider } from './payments.js';
import { insertFiscalMicromarket } from './receipt-sales.js';
import { insertClosedSale, insertCustomerWithCard } from './sales.js';
import { createSignedInUser } from './users.js';

/** A latte's price (its article LATTE-1, tax group А) and a croissant's (no article, no tax group of its own). */
export const LATTE = 4_000;
export const CROISSANT = 2_500;

/**
 * A shop of the fiscal tests: an organisation paid through the test provider, its staff (with
 * `permissions`), its fiscal register set up by `register`, a micromarket registering fiscal
 * receipts, a latte and a croissant to sell, and a customer with a saved card.
 */
export async function fiscalShop(
  ctx: TestContext,
  options: {
    permissions: readonly Permission[];
    latte: { name: string; barcode?: string };
    register: (org: { orgId: number; operator: string; staff: string }) => Promise<void>;
  },
) {
  const db = ctx.database.db;
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const staff = (await createSignedInUser(db, { orgId, permissions: options.permissions })).token;
  await options.register({ orgId, operator, staff });
  const micromarketId = await insertFiscalMicromarket(db, orgId, true);
  const latte = await insertProduct(db, orgId, {
    name: options.latte.name,
    article: 'LATTE-1',
    ...(options.latte.barcode ? { barcode: options.latte.barcode } : {}),
    taxCodes: ['А'],
    sellCostMinor: LATTE,
  });
  const croissant = await insertProduct(db, orgId, { name: 'Croissant', sellCostMinor: CROISSANT });
  const customer = await insertCustomerWithCard(db, orgId);
  return { orgId, operator, staff, micromarketId, latte, latteName: options.latte.name, croissant, customer };
}
export type FiscalShop = Awaited<ReturnType<typeof fiscalShop>>;

/** Two lattes at 10 % off and a croissant, closed at `closedAt` and waiting for its settlement. */
export function insertCoffeeSale(ctx: TestContext, s: FiscalShop, sale: { closedAt: Date; bonusesUsedMinor?: number }) {
  return insertClosedSale(
    ctx.database.db,
    { orgId: s.orgId, micromarketId: s.micromarketId, customerId: s.customer.userId, ...sale },
    [
      { productId: s.latte, name: s.latteName, quantity: 2, listPriceMinor: LATTE, priceMinor: 3_600 },
      { productId: s.croissant, name: 'Croissant', quantity: 1, priceMinor: CROISSANT },
    ],
  );
}

/**
 * Whatever is due: the settlement, then three rounds of the jobs (the fiscal ones among them),
 * each after the test provider's webhooks when `webhooks`.
 */
export async function runDueJobs(ctx: TestContext, options: { webhooks: boolean }) {
  await ctx.app.jobs.idle();
  for (let round = 0; round < 3; round += 1) {
    if (options.webhooks) {
      await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)));
    }
    await ctx.app.jobs.runDue();
  }
}

/** The sale settled by its job, with whatever else is due (`runJobs`): its row afterwards. */
export async function settleSale(ctx: TestContext, saleId: number, runJobs: () => Promise<void>) {
  await ctx.app.jobs.enqueue(settleJob, { id: saleId }, { key: `sale-settle:${saleId}` });
  await runJobs();
  const [settled] = await ctx.database.db.select().from(transactions).where(eq(transactions.id, saleId));
  return settled;
}

/** Days later the card's bank gives the refund back to the merchant: the test bank's `refund.failed`, due now. */
export async function reverseRefund(ctx: TestContext, orgId: number, refund: { providerReference: string | null }) {
  const provider = (await ctx.app.payments.forOrg(ctx.database.db, orgId))!.provider as TestPaymentProvider;
  await provider.failRefundLater(refund.providerReference!, 'expired_or_canceled_card');
}
