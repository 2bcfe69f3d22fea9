import { SALE_PAYMENT, SALE_STATUS, type TTransactionCard, type ZCorrectTransaction } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { transactions } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import {
  linesOf,
  priceItems,
  pricingInputs,
  queueSaleStep,
  replaceLines,
  requestSettlement,
  resolveSensorDispute,
} from '../sales/index.js';
import { buildCard, visibleSale } from './transaction-card.service.js';
import * as repo from './transactions.repository.js';

type Body = z.output<typeof ZCorrectTransaction>;
type StoredLine = Awaited<ReturnType<typeof linesOf>>[number];

/** Manual processing, or successful but not paid: the "incorrectly counted products" case. */
export function isCorrectable(sale: { status: number; paymentStatus: number }): boolean {
  return (
    sale.status === SALE_STATUS.manualProcessing ||
    (sale.status === SALE_STATUS.successful && sale.paymentStatus === SALE_PAYMENT.notPaid)
  );
}

const lineShape = (line: StoredLine) => ({
  product_id: line.productId,
  name: line.name,
  quantity: line.quantity,
  price_minor: line.priceMinor,
  is_corrected: line.isCorrected,
});

/**
 * The operator's count replaces the sale's lines: a line kept as it was keeps its frozen
 * prices and mark; a changed or added line is priced now (personal price or sell cost, less
 * the discount in force) and marked corrected; a line left out is gone. The sale is then
 * re-priced and handed to the settlement (sales module), which takes what is owed.
 */
export async function correctTransaction(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: Body,
): Promise<TTransactionCard> {
  const visible = await visibleSale(ctx.db, actor, id);
  actor.scope.assertEditable(visible.orgId);
  const now = ctx.clock.now();
  const sale = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
    if (!locked || !isCorrectable(locked)) throw conflict('transaction.not_correctable');
    const stored = await linesOf(tx, id);
    // A correction writes the lines anew: units already refunded would lose their record.
    if (stored.some((line) => line.refundedQuantity > 0)) throw conflict('transaction.lines_refunded');
    const byId = new Map(stored.map((line) => [line.id, line]));
    // One after another: a transaction's queries share its one connection.
    const {
      products: prices,
      personal,
      discount,
    } = await pricingInputs(tx, locked, [...new Set(body.lines.map((line) => line.product_id))], now);
    const lines = body.lines.map((line, index) => {
      const before = line.id === undefined ? undefined : byId.get(line.id);
      if (line.id !== undefined && !before) {
        throw new AppError(400, 'errors.bad_request', {}, { [`lines.${index}.id`]: 'errors.not_found' });
      }
      if (before && before.productId === line.product_id && before.quantity === line.quantity) {
        return { ...before, productId: line.product_id };
      }
      const [priced] = priceItems(
        [
          {
            productId: line.product_id,
            quantity: line.quantity,
            source: before && before.productId === line.product_id ? before.source : 'manual',
            tagCode: before && before.productId === line.product_id ? before.tagCode : null,
          },
        ],
        prices,
        personal,
        discount,
      );
      if (!priced) {
        throw new AppError(
          400,
          'errors.bad_request',
          {},
          { [`lines.${index}.product_id`]: 'transaction.unknown_product' },
        );
      }
      return { ...priced, isCorrected: true };
    });
    await replaceLines(tx, id, lines);
    // The operator's count settles the sensors' dispute: who resolved it, and when, stay on the evidence.
    await resolveSensorDispute(tx, locked, { userId: actor.userId, at: now });
    const settled = await requestSettlement(tx, id, now);
    await writeAudit(tx, actor, {
      action: 'correct',
      entity: 'transaction',
      entityId: id,
      orgId: locked.orgId,
      before: { status: locked.status, amount_minor: locked.amountMinor, lines: stored.map(lineShape) },
      after: {
        status: settled!.status,
        amount_minor: settled!.amountMinor,
        lines: (await linesOf(tx, id)).map(lineShape),
      },
    });
    return settled!;
  });
  // The settlement takes the money (or lets a hold go) after the commit, once per sale.
  await queueSaleStep(ctx, { sale, next: 'settle' });
  return buildCard(ctx.db, (await repo.findSaleRow(ctx.db, id))!);
}
