import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentTransactions } from '../../db/schema/index.js';
import * as repo from './sales.repository.js';

/** §4 payment type 23: paid on the web (the public open-fridge page). */
export const WEB_PAYMENT_TYPE = 23;

/**
 * A web purchase's sale, made before its door opens (status 0, payment type 23) and tied to
 * the door command, so the door session carrying that command id picks it up; the card's
 * hold is named on it so the settlement captures from that hold.
 */
export async function createWebSale(
  db: Db,
  values: {
    orgId: number;
    micromarketId: number;
    commandId: string;
    customerId: number | null;
    holdId: number;
    now: Date;
  },
): Promise<repo.SaleRow> {
  const sale = await repo.insertSale(db, {
    orgId: values.orgId,
    micromarketId: values.micromarketId,
    commandId: values.commandId,
    customerId: values.customerId,
    clientType: values.customerId === null ? 0 : 1,
    paymentType: WEB_PAYMENT_TYPE,
    currency: await repo.currencyOf(db, values.orgId),
    openedAt: values.now,
  });
  await db
    .update(paymentTransactions)
    .set({ transactionId: sale!.id })
    .where(eq(paymentTransactions.id, values.holdId));
  return sale!;
}
