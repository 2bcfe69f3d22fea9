import { CLIENT_KIND, SALE_PAYMENT, SALE_PAYMENT_TYPE, SALE_STATUS } from '@vitrina/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCommands, paymentTransactions, transactions } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict } from '../../lib/errors.js';
import { tieHoldToSale } from '../payments/index.js';
import * as repo from './sales.repository.js';
import { queueSaleStep } from './settlement.service.js';

/** §4 payment type 23: paid on the web (the public open-fridge page). */
export const WEB_PAYMENT_TYPE = SALE_PAYMENT_TYPE.web;

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
    clientType: values.customerId === null ? CLIENT_KIND.guest : CLIENT_KIND.client,
    paymentType: WEB_PAYMENT_TYPE,
    currency: await repo.currencyOf(db, values.orgId),
    openedAt: values.now,
  });
  // The hold is this sale's only if no other sale took it and nothing let it go meanwhile: the
  // sweep of abandoned web holds claims it under the same row lock, taken here first.
  const [hold] = await db
    .select({ transactionId: paymentTransactions.transactionId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, values.holdId))
    .for('update');
  const followed = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.parentId, values.holdId))
    .limit(1);
  if (!hold || hold.transactionId !== null || followed.length > 0) throw conflict('payment.system_error');
  await tieHoldToSale(db, { holdId: values.holdId, saleId: sale!.id });
  return sale!;
}

/**
 * A web sale whose door never opened: still new, no door session, and its door command
 * failed, ran out, or is past its lifetime without an answer (the expiry job may not have
 * marked it yet). Nothing is waiting for such a sale.
 */
export function abandonedWebSale(now: Date): SQL {
  return sql`(${transactions.status} = 0 AND ${transactions.doorSessionId} IS NULL AND EXISTS (
    SELECT 1 FROM ${deviceCommands} WHERE ${deviceCommands.id} = ${transactions.commandId}
    AND (${deviceCommands.status} IN ('failed', 'expired')
      OR (${deviceCommands.status} IN ('queued', 'sent') AND ${deviceCommands.expiresAt} <= ${now.toISOString()}::timestamptz))))`;
}

/**
 * Closes the web sales whose door never opened as "nothing taken" (status 1, payment status
 * 3) and hands each to the settlement, which lets its card hold go. Run by the settlement
 * sweep, so a hold is released within a minute of its door command's end, and after a crash.
 * A door session that still arrives for such a command later makes a sale of its own.
 */
export async function closeAbandonedWebSales(ctx: ServiceContext, limit = 500): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(eq(transactions.paymentType, WEB_PAYMENT_TYPE), isNull(transactions.doorSessionId), abandonedWebSale(now)),
    )
    .limit(limit);
  let closed = 0;
  for (const { id } of candidates) {
    const sale = await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockSale(tx, id);
      if (locked?.status !== SALE_STATUS.new || locked.doorSessionId !== null) return null;
      return repo.updateSale(tx, id, {
        status: SALE_STATUS.successful,
        paymentStatus: SALE_PAYMENT.nothingTaken,
        closedAt: now,
        settledAt: now,
        updatedAt: now,
      });
    });
    if (!sale) continue;
    closed++;
    await queueSaleStep(ctx, { sale, next: 'settle' });
  }
  return closed;
}
