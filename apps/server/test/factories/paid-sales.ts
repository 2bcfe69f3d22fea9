import type { Db } from '../../src/db/client.js';
import { transactionProducts, transactions } from '../../src/db/schema/index.js';

export type PaidLine = { productId: number; categoryId?: number; quantity: number; price: number; cost?: number };

/**
 * A settled sale written straight into the tables, as the sales module writes it (paid unless
 * told), in the currency given: reports, the dashboard and scheduled reports read these
 * through the rollups.
 */
export async function insertPaidSale(
  db: Db,
  sale: {
    orgId: number;
    micromarketId: number;
    at: Date;
    currency: 'UAH' | 'PLN' | 'EUR';
    lines: PaidLine[];
    refunded?: number;
    isPaid?: boolean;
  },
): Promise<number> {
  const amount = sale.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const cost = sale.lines.reduce((sum, line) => sum + line.quantity * (line.cost ?? 0), 0);
  const isPaid = sale.isPaid ?? true;
  const [row] = await db
    .insert(transactions)
    .values({
      orgId: sale.orgId,
      micromarketId: sale.micromarketId,
      paymentType: 1,
      status: 1,
      paymentStatus: isPaid ? 1 : 2,
      currency: sale.currency,
      grossMinor: amount,
      amountMinor: amount,
      paidMinor: isPaid ? amount : 0,
      refundedMinor: sale.refunded ?? 0,
      costMinor: cost,
      openedAt: sale.at,
      closedAt: sale.at,
      settledAt: sale.at,
    })
    .returning({ id: transactions.id });
  await db.insert(transactionProducts).values(
    sale.lines.map((line) => ({
      transactionId: row!.id,
      productId: line.productId,
      categoryId: line.categoryId ?? null,
      name: 'line',
      source: 'tag' as const,
      quantity: line.quantity,
      listPriceMinor: line.price,
      priceMinor: line.price,
      costMinor: line.cost ?? 0,
    })),
  );
  return row!.id;
}
