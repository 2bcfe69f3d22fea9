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

/**
 * What a return receipt gives back. A refund by products returns exactly its units, each line
 * at the price it was sold for, less its share of what the refund gives back below that price
 * (`apportion`), so the receipt totals the refund to the minor unit; money beyond the units'
 * price (a part of a refund split over two payments) is a line naming the sale. Otherwise the
 * whole amount returns the sale's lines and its bonuses, and a part refunded by amount is one
 * line naming the sale, since it returns no particular item.
 */
export function returnOf(
  sale: { id: number; amountMinor: number; bonusesUsedMinor: number },
  refund: ReturnedRefund,
  lines: readonly SaleReceiptLine[],
  taxCodes: string[],
): { lines: FiscalReceiptLine[]; discountMinor: number } {
  const naming = (amountMinor: number): FiscalReceiptLine => ({
    code: `refund-${sale.id}`,
    name: `Refund of sale #${sale.id}`,
    barcode: null,
    quantity: 1,
    listPriceMinor: amountMinor,
    priceMinor: amountMinor,
    taxCodes,
  });
  if (refund.units.size > 0) {
    const goods = lines.flatMap(({ lineId, line }) => {
      const quantity = refund.units.get(lineId) ?? 0;
      return quantity > 0 ? [{ ...line, quantity }] : [];
    });
    const worths = goods.map((good) => good.priceMinor * good.quantity);
    const over = worths.reduce((total, worth) => total + worth, 0) - refund.amountMinor;
    if (over < 0) return { lines: [...goods, naming(-over)], discountMinor: 0 };
    const shares = apportion(over, worths);
    return {
      lines: goods.map((good, index) => (shares[index] ? { ...good, discountMinor: shares[index] } : good)),
      discountMinor: 0,
    };
  }
  if (refund.amountMinor === sale.amountMinor) {
    return { lines: lines.map(({ line }) => line), discountMinor: sale.bonusesUsedMinor };
  }
  return { lines: [naming(refund.amountMinor)], discountMinor: 0 };
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
