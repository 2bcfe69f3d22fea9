import { SALE_PAYMENT, SALE_PAYMENT_TYPE, SALE_STATUS } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import { transactionProducts, transactions } from '../db/schema/index.js';

/** The paid sale whose public receipt the end-to-end specs open (SEED=e2e only: a known token is no secret there). */
export const E2E_RECEIPT = {
  token: 'e2e0e2e0-0000-4000-8000-000000000001',
  lines: [
    { name: 'E2E Water 500 ml', quantity: 2, priceMinor: 2_500 },
    { name: 'Сирник з родзинками', quantity: 1, priceMinor: 4_550 },
  ],
} as const;

export async function seedE2eReceipt(db: Db, orgId: number, micromarketId: number): Promise<void> {
  const at = new Date(Date.UTC(2026, 10, 20, 8, 30));
  const grossMinor = E2E_RECEIPT.lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
  const [sale] = await db
    .insert(transactions)
    .values({
      orgId,
      micromarketId,
      token: E2E_RECEIPT.token,
      paymentType: SALE_PAYMENT_TYPE.tags,
      status: SALE_STATUS.successful,
      paymentStatus: SALE_PAYMENT.paid,
      currency: 'UAH',
      grossMinor,
      bonusesUsedMinor: 550,
      amountMinor: grossMinor - 550,
      paidMinor: grossMinor - 550,
      openedAt: at,
      closedAt: at,
      settledAt: at,
    })
    .returning({ id: transactions.id });
  await db.insert(transactionProducts).values(
    E2E_RECEIPT.lines.map((line) => ({
      transactionId: sale!.id,
      name: line.name,
      source: 'tag' as const,
      quantity: line.quantity,
      listPriceMinor: line.priceMinor,
      priceMinor: line.priceMinor,
    })),
  );
}
