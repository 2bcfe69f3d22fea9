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

/**
 * The sale's lines as a register takes them: the product's code (its article, else its id in
 * Vitrina, else the line's), barcode and tax groups (its own, else the organisation's default).
 */
export async function receiptLines(
  db: Db,
  transactionId: number,
  defaultTaxCodes: string[],
): Promise<FiscalReceiptLine[]> {
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
      code: row.article || (row.productId ? String(row.productId) : `line-${row.id}`),
      name: row.name,
      barcode: row.barcode,
      quantity: row.quantity,
      listPriceMinor: row.listPriceMinor,
      priceMinor: row.priceMinor,
      taxCodes: row.taxCodes ?? defaultTaxCodes,
    }));
}

/**
 * What a return receipt gives back: the sale's lines (and its bonuses) when the whole amount
 * is refunded; a part refunded by amount is one line naming the sale, since it returns no
 * particular item.
 */
export function returnOf(
  sale: { id: number; amountMinor: number; bonusesUsedMinor: number },
  refundMinor: number,
  lines: FiscalReceiptLine[],
  taxCodes: string[],
): { lines: FiscalReceiptLine[]; discountMinor: number } {
  if (refundMinor === sale.amountMinor) return { lines, discountMinor: sale.bonusesUsedMinor };
  const line = {
    code: `refund-${sale.id}`,
    name: `Refund of sale #${sale.id}`,
    barcode: null,
    quantity: 1,
    listPriceMinor: refundMinor,
    priceMinor: refundMinor,
    taxCodes,
  };
  return { lines: [line], discountMinor: 0 };
}
