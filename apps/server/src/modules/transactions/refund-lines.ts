import type { TRefundTransaction } from '@vitrina/contract';
import { AppError } from '../../lib/errors.js';
import { formatMinor } from '../../lib/money.js';

/** What a refund by products reads of a sale's line. */
export type RefundableLine = {
  id: number;
  name: string;
  quantity: number;
  /** Per unit, as the customer paid it (after the discount). */
  priceMinor: number;
  refundedQuantity: number;
};

/** Units of one line a refund gives back. */
export type PickedUnits = { line: RefundableLine; quantity: number };

type AskedLine = NonNullable<TRefundTransaction['lines']>[number];

/**
 * The lines a refund by products names, checked against the sale's lines as they stand under
 * its lock: a line of another sale, or more units than are left of a line, is refused with the
 * line's field named, never cut down to what is left.
 */
export function pickLines(stored: readonly RefundableLine[], asked: readonly AskedLine[]): PickedUnits[] {
  const byId = new Map(stored.map((line) => [line.id, line]));
  return asked.map((wanted, index) => {
    const line = byId.get(wanted.line_id);
    if (!line) {
      const key = 'transaction.refund_line_unknown';
      throw new AppError(400, key, {}, { [`lines.${index}.line_id`]: key });
    }
    const left = line.quantity - line.refundedQuantity;
    if (wanted.quantity > left) {
      const key = 'transaction.refund_line_too_many';
      throw new AppError(400, key, { left }, { [`lines.${index}.quantity`]: key });
    }
    return { line, quantity: wanted.quantity };
  });
}

/**
 * What a refund by products gives back: the units at the price the customer paid for each,
 * capped by what is refundable (bonuses paid part of a sale, so its lines can be worth more
 * than the money taken). An amount sent beside the lines must be exactly that.
 */
export function amountOfLines(
  picked: readonly PickedUnits[],
  options: { refundableMinor: number; askedMinor: number | undefined; currency: string },
): number {
  const value = picked.reduce((total, { line, quantity }) => total + line.priceMinor * quantity, 0);
  if (value <= 0) {
    const key = 'transaction.refund_lines_free';
    throw new AppError(400, key, {}, { lines: key });
  }
  const amount = Math.min(value, options.refundableMinor);
  if (options.askedMinor !== undefined && options.askedMinor !== amount) {
    const key = 'transaction.refund_amount_differs';
    throw new AppError(400, key, { amount: formatMinor(amount, options.currency) }, { amount_minor: key });
  }
  return amount;
}

/**
 * Which ledger part gives back which units, when a refund is split over several payments
 * (a sale paid by a capture and a later charge): a unit belongs to the part its price starts
 * in, and units past the refund's amount (capped by what was paid) go with the last part. A
 * part that fails gives back exactly its units. Answers, per part, line id → units.
 */
export function splitUnits(partsMinor: readonly number[], picked: readonly PickedUnits[]): Map<number, number>[] {
  const shares = partsMinor.map(() => new Map<number, number>());
  const ends: number[] = [];
  for (const part of partsMinor) ends.push((ends.at(-1) ?? 0) + part);
  const last = partsMinor.length - 1;
  let offset = 0;
  let index = 0;
  for (const { line, quantity } of picked) {
    let left = quantity;
    while (left > 0) {
      while (index < last && offset >= ends[index]!) index += 1;
      // Units starting before this part's end: ceil((end − offset) / price), at least one.
      const fits =
        index === last || line.priceMinor === 0 ? left : Math.ceil((ends[index]! - offset) / line.priceMinor);
      const units = Math.min(left, fits);
      const share = shares[index]!;
      share.set(line.id, (share.get(line.id) ?? 0) + units);
      left -= units;
      offset += units * line.priceMinor;
    }
  }
  return shares;
}
