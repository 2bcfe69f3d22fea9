import type { TTransactionPaymentResult, ZRefundTransaction } from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { formatMinor } from '../../lib/money.js';
import { writeAudit } from '../audit/index.js';
import { askReserved, type PaymentProviders, type ReservedPayment, reservePayment } from '../payments/index.js';
import { isTakenMoney, ledgerOf, linesOf, lockSale } from '../sales/index.js';
import { type RefundRequestRecord, refundableByLedger } from './refund-history.js';
import { amountOfLines, type PickedUnits, pickLines, splitUnits } from './refund-lines.js';
import {
  answer,
  bookLedger,
  keyOf,
  type LedgerRow,
  openAction,
  remainingOf,
  rowsOfKey,
} from './transaction-payments.service.js';
import * as repo from './transactions.repository.js';

/** The amount of a refund by amount: more than is refundable is refused, with the most that is. */
function amountAsked(amountMinor: number, refundableMinor: number, currency: string): number {
  if (amountMinor <= refundableMinor) return amountMinor;
  const max = formatMinor(refundableMinor, currency);
  throw new AppError(400, 'transaction.refund_too_much', { max }, { amount_minor: 'transaction.refund_too_much' });
}

/**
 * Refunds a paid sale by amount or by products, with the operator's reason: at most what was
 * taken less what is given back, from the money taken (newest capture or charge first, split
 * when one is not enough), each part a type 2 ledger row. Products hold their units on the
 * sale's lines (`refunded_quantity`, and per part in `refund_lines`), which a failed part gives
 * back (migration 0041). The client's key makes a repeated request answer the first refund.
 */
export async function refundTransaction(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZRefundTransaction>,
): Promise<TTransactionPaymentResult> {
  const { repeated } = await openAction(ctx, actor, { id, action: 'refund', clientKey: body.idempotency_key });
  if (repeated) return repeated;
  // Reserved under the sale's lock: parallel refunds of one sale are written one after
  // another, each seeing the others' parts in process and units held, so together they never
  // pass what was paid or what was sold, whatever the provider would accept. The provider is
  // asked after the commit.
  const reserved = await ctx.db.transaction(async (tx) => {
    const sale = await lockSale(tx, id);
    if (!sale) throw conflict('transaction.not_refundable');
    const ledger = await ledgerOf(tx, id);
    // The same form sent twice at once: the second waited for the lock, and answers the first.
    const prefix = keyOf(id, 'refund', body.idempotency_key);
    if (ledger.some((row) => row.idempotencyKey === prefix || row.idempotencyKey.startsWith(`${prefix}:`))) {
      return null;
    }
    const parents = ledger.filter(isTakenMoney).reverse();
    const refundable = refundableByLedger(ledger);
    if (refundable <= 0 || parents.length === 0) throw conflict('transaction.not_refundable');
    const picked = body.lines ? pickLines(await linesOf(tx, id), body.lines) : null;
    const amount = picked
      ? amountOfLines(picked, { refundableMinor: refundable, askedMinor: body.amount_minor, currency: sale.currency })
      : amountAsked(body.amount_minor!, refundable, sale.currency);
    const parts: ReservedPayment[] = [];
    const amounts: number[] = [];
    let left = amount;
    for (const parent of parents) {
      const part = Math.min(left, remainingOf(parent, ledger));
      if (part <= 0) continue;
      parts.push(
        await reservePayment(
          ctx,
          providers,
          {
            orgId: sale.orgId,
            idempotencyKey: keyOf(id, 'refund', body.idempotency_key, parts.length + 1),
            transactionId: id,
            request: { operation: 'refund', parentId: parent.id, amountMinor: part },
          },
          tx,
        ),
      );
      amounts.push(part);
      left -= part;
      if (left === 0) break;
    }
    if (parts.length === 0) throw conflict('transaction.not_refundable');
    if (picked) await holdUnits(tx, parts, splitUnits(amounts, picked));
    await writeAudit(tx, actor, {
      action: 'refund_request',
      entity: 'transaction',
      entityId: id,
      orgId: sale.orgId,
      after: refundRecord({ body, amount, parts, picked }),
    });
    return parts;
  });
  if (reserved === null) return answer(ctx, actor, id, await rowsOfKey(ctx.db, id, 'refund', body.idempotency_key));
  const rows: LedgerRow[] = [];
  for (const part of reserved) rows.push(await askReserved(ctx, part));
  await bookLedger(ctx, actor, { id, action: 'refund', rows });
  return answer(ctx, actor, id, rows);
}

/** The units each part gives back, on the lines and per part, in the reserving transaction. */
async function holdUnits(tx: Db, parts: ReservedPayment[], shares: Map<number, number>[]) {
  const perPart = parts.flatMap((part, index) =>
    [...shares[index]!].map(([lineId, quantity]) => ({ paymentTransactionId: part.row.id, lineId, quantity })),
  );
  await repo.holdRefundedUnits(tx, perPart);
}

/** What the card shows of the refund: who (the audit row's actor), why, what and its ledger rows. */
function refundRecord(options: {
  body: z.output<typeof ZRefundTransaction>;
  amount: number;
  parts: ReservedPayment[];
  picked: PickedUnits[] | null;
}): RefundRequestRecord {
  return {
    reason: options.body.reason,
    amount_minor: options.amount,
    payments: options.parts.map((part) => part.row.id),
    lines: (options.picked ?? []).map(({ line, quantity }) => ({ line_id: line.id, name: line.name, quantity })),
  };
}
