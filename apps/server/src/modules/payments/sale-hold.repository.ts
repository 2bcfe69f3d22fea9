import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentTransactions } from '../../db/schema/index.js';

/** Names a web purchase's card hold on its sale, so the settlement captures from that hold. */
export async function tieHoldToSale(db: Db, hold: { holdId: number; saleId: number }): Promise<void> {
  await db
    .update(paymentTransactions)
    .set({ transactionId: hold.saleId })
    .where(eq(paymentTransactions.id, hold.holdId));
}
