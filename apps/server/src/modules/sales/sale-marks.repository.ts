import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactionProducts, transactions } from '../../db/schema/index.js';

/**
 * The sales tables are written by this module only (one writer per table): what the
 * transactions and promotions modules change on a sale goes through these.
 */

/** Keeps the provider's reason for a refused charge on the sale. */
export async function setSaleError(db: Db, id: number, errorCode: string) {
  const [row] = await db.update(transactions).set({ errorCode }).where(eq(transactions.id, id)).returning();
  return row!;
}

/** Raises a sale line's refunded units (the check `refunded_quantity <= quantity` guards it). */
export async function raiseRefundedQuantity(db: Db, lineId: number, quantity: number): Promise<void> {
  await db
    .update(transactionProducts)
    .set({ refundedQuantity: sql`${transactionProducts.refundedQuantity} + ${quantity}` })
    .where(eq(transactionProducts.id, lineId));
}

/** The bonuses the sale's promotions accrued so far. */
export async function setBonusesAccrued(db: Db, saleId: number, accruedMinor: number): Promise<void> {
  await db.update(transactions).set({ bonusesAccruedMinor: accruedMinor }).where(eq(transactions.id, saleId));
}
