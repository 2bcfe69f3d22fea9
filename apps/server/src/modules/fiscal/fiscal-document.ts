import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, transactionProducts } from '../../db/schema/index.js';
import type { FiscalReceiptLine } from './provider.js';

/** The name space of Vitrina's fiscal document ids (RFC 4122 name-based UUIDs). */
const DOCUMENT_NAMESPACE = Buffer.from('6f1c2a4e8d3b4f0a9e7c5b2d1a0f3e4c', 'hex');

/**
 * The document id a register that takes the client's id (Checkbox) gets: a version 5 UUID of
 * the job's key and the sale's random token. The same on every retry of the job, so a retry
 * never registers twice; different across databases, so a restored backup or a second
 * installation on the same register never meets an id it did not make.
 */
export function documentIdOf(key: string, saleToken: string): string {
  const hash = createHash('sha1').update(DOCUMENT_NAMESPACE).update(`${key}:${saleToken}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A line of the sale as a register takes it, with its id in Vitrina (what a refund's units name). */
export type SaleReceiptLine = { lineId: number; line: FiscalReceiptLine };

/** The code a register knows a product by: its article, else its id in Vitrina, else the sale line's. */
export function productCodeOf(line: { article: string | null; productId: number | null; lineId: number }): string {
  return line.article || (line.productId ? String(line.productId) : `line-${line.lineId}`);
}

/**
 * The sale's lines as a register takes them: the product's code, barcode and tax groups (its
 * own, else the organisation's default).
 */
export async function receiptLines(
  db: Db,
  transactionId: number,
  defaultTaxCodes: string[],
): Promise<SaleReceiptLine[]> {
  const rows = await db
    .select({
      id: transactionProducts.id,
      productId: transactionProducts.productId,
      name: transactionProducts.name,
      quantity: transactionProducts.quantity,
      listPriceMinor: transactionProducts.listPriceMinor,
      priceMinor: transactionProducts.priceMinor,
      article: products.article,
      barcode: products.barcode,
      taxCodes: products.taxCodes,
    })
    .from(transactionProducts)
    .leftJoin(products, eq(products.id, transactionProducts.productId))
    .where(eq(transactionProducts.transactionId, transactionId))
    .orderBy(asc(transactionProducts.id));
  return rows
    .filter((row) => row.quantity > 0)
    .map((row) => ({
      lineId: row.id,
      line: {
        code: productCodeOf({ article: row.article, productId: row.productId, lineId: row.id }),
        name: row.name,
        barcode: row.barcode,
        quantity: row.quantity,
        listPriceMinor: row.listPriceMinor,
        priceMinor: row.priceMinor,
        taxCodes: row.taxCodes ?? defaultTaxCodes,
      },
    }));
}

/** A refund as its return receipt reads it: its amount and the units it gives back, by sale line id (none: by amount). */
export type ReturnedRefund = { amountMinor: number; units: ReadonlyMap<number, number> };

type SaleMoney = { id: number; amountMinor: number; bonusesUsedMinor: number };
/** What is still to give back of each sale line (in the sale's order): its money and its units. */
type LineLeft = { money: number[]; units: number[] };
/** What one refund gives back of each sale line: units at their price (less `unitsOff`), and money by amount. */
type Given = { units: number[]; unitsOff: number[]; byAmount: number[] };

const worthOf = (line: FiscalReceiptLine) => line.priceMinor * line.quantity;
const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/**
 * `amountMinor` spread over the lines in proportion to what each still holds (`apportion`),
 * so no line gives back more than it was paid; when the lines hold less than that (a sale
 * whose amount is not its lines' price), in proportion to their price instead.
 */
function spread(amountMinor: number, holding: readonly number[], worths: readonly number[]): number[] {
  const weights = holding.map((money) => Math.max(0, money));
  return apportion(amountMinor, total(weights) >= amountMinor ? weights : worths);
}

/**
 * What a refund gives back of each line. By products: its units, each line at the price it
 * was sold for, less its share of what the refund gives back below that price; money beyond
 * their price (a part of a refund split over two payments) is spread by amount over what the
 * lines still hold. By amount: spread over what the lines still hold, so a part refunded
 * returns the sale's own goods, each its share.
 */
function givenBack(refund: ReturnedRefund, lines: readonly SaleReceiptLine[], left: LineLeft): Given {
  const none = lines.map(() => 0);
  const worths = lines.map(({ line }) => worthOf(line));
  if (refund.units.size === 0) {
    return { units: none, unitsOff: none, byAmount: spread(refund.amountMinor, left.money, worths) };
  }
  const units = lines.map(({ lineId }) => refund.units.get(lineId) ?? 0);
  const unitWorths = lines.map(({ line }, index) => line.priceMinor * units[index]!);
  const over = total(unitWorths) - refund.amountMinor;
  if (over >= 0) return { units, unitsOff: apportion(over, unitWorths), byAmount: none };
  const holding = left.money.map((money, index) => money - unitWorths[index]!);
  return { units, unitsOff: none, byAmount: spread(-over, holding, worths) };
}

/**
 * What each line still holds before a refund: what it was paid (its price less its share of
 * the bonuses spent) less what the earlier refunds of the sale gave back of it, worked out the
 * same way as their return receipts, oldest first.
 */
function leftBefore(sale: SaleMoney, lines: readonly SaleReceiptLine[], earlier: readonly ReturnedRefund[]): LineLeft {
  const worths = lines.map(({ line }) => worthOf(line));
  const bonuses = apportion(Math.min(sale.bonusesUsedMinor, total(worths)), worths);
  const left: LineLeft = {
    money: worths.map((worth, index) => worth - bonuses[index]!),
    units: lines.map(({ line }) => line.quantity),
  };
  for (const refund of earlier) {
    const given = givenBack(refund, lines, left);
    lines.forEach(({ line }, index) => {
      const unitsMoney = line.priceMinor * given.units[index]! - given.unitsOff[index]!;
      left.money[index] = left.money[index]! - unitsMoney - given.byAmount[index]!;
      left.units[index] = left.units[index]! - given.units[index]!;
    });
  }
  return left;
}

/**
 * What a return receipt gives back, every line a good of the sale as its sale receipt named
 * it (code, name, barcode, price and tax groups), so the receipt carries no text of its own and
 * totals the refund to the minor unit. The whole amount returns the sale's lines and its
 * bonuses. A refund by products returns exactly its units, less their share of what the refund
 * gives back below their price. A part refunded by amount returns each line that still holds
 * money its share of the amount (in proportion, in minor units, what rounding leaves on the
 * later lines; never more than the line still holds): the line with the units not yet given
 * back by products (at least one), less a discount down to its share. `earlier` are the
 * sale's refunds before this one, oldest first, each given back as its own return gave it.
 */
export function returnOf(
  sale: SaleMoney,
  refund: ReturnedRefund,
  lines: readonly SaleReceiptLine[],
  earlier: readonly ReturnedRefund[] = [],
): { lines: FiscalReceiptLine[]; discountMinor: number } {
  if (refund.units.size === 0 && refund.amountMinor === sale.amountMinor && earlier.length === 0) {
    return { lines: lines.map(({ line }) => line), discountMinor: sale.bonusesUsedMinor };
  }
  const left = leftBefore(sale, lines, earlier);
  const given = givenBack(refund, lines, left);
  const returned = lines.flatMap(({ line }, index): FiscalReceiptLine[] => {
    const units = given.units[index]!;
    const off = given.unitsOff[index]!;
    const goods: FiscalReceiptLine[] =
      units > 0 ? [{ ...line, quantity: units, ...(off ? { discountMinor: off } : {}) }] : [];
    const share = given.byAmount[index]!;
    if (share <= 0) return goods;
    const unitsLeft = Math.max(1, left.units[index]! - units);
    const quantity = line.priceMinor * unitsLeft >= share ? unitsLeft : line.quantity;
    const discountMinor = line.priceMinor * quantity - share;
    return [...goods, { ...line, quantity, ...(discountMinor > 0 ? { discountMinor } : {}) }];
  });
  return { lines: returned, discountMinor: 0 };
}

/**
 * `total` split over `weights` in proportion, in whole minor units, adding up to exactly
 * `total`: the running sum is rounded down at each weight, so each share is its exact part
 * rounded down or up (never past its weight while `total` is at most their sum) and what the
 * rounding leaves falls on the later lines, the last one first. Weights of nothing share nothing.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || whole === 0) return weights.map(() => 0);
  let running = 0;
  let before = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = Math.floor((total * running) / whole);
    const share = upTo - before;
    before = upTo;
    return share;
  });
}
