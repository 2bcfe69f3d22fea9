import { SALE_PAYMENT_TYPE } from '@vitrina/contract';
import { discountedPrice } from '../micromarkets/index.js';

/**
 * What a sale's lines cost: pure arithmetic, so it is tested without a database. Prices are
 * minor units; the discount is the micromarket's largest discount in force, in percent,
 * applied per unit and rounded half up, as the price tags show it.
 */
export type SaleSource = 'tag' | 'weight' | 'camera' | 'barcode' | 'manual';

export type ProductPrice = {
  productId: number;
  name: string;
  categoryId: number | null;
  sellCostMinor: number;
  baseCostMinor: number;
};

export type TakenItem = { productId: number; quantity: number; source: SaleSource; tagCode: string | null };

export type PricedLine = {
  productId: number;
  name: string;
  categoryId: number | null;
  source: SaleSource;
  tagCode: string | null;
  quantity: number;
  listPriceMinor: number;
  priceMinor: number;
  costMinor: number;
};

export type SaleTotals = { grossMinor: number; discountMinor: number; netMinor: number; costMinor: number };

/** Prices each item: the personal price of the micromarket or the product's sell cost, less the discount. */
export function priceItems(
  items: readonly TakenItem[],
  products: ReadonlyMap<number, ProductPrice>,
  personalPrices: ReadonlyMap<number, number>,
  discountPercent: number,
): PricedLine[] {
  const lines: PricedLine[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product || item.quantity <= 0) continue;
    const listPriceMinor = personalPrices.get(item.productId) ?? product.sellCostMinor;
    lines.push({
      productId: item.productId,
      name: product.name,
      categoryId: product.categoryId,
      source: item.source,
      tagCode: item.tagCode,
      quantity: item.quantity,
      listPriceMinor,
      priceMinor: discountedPrice(listPriceMinor, discountPercent),
      costMinor: product.baseCostMinor,
    });
  }
  return lines;
}

export function totalsOf(
  lines: readonly Pick<PricedLine, 'quantity' | 'listPriceMinor' | 'priceMinor' | 'costMinor'>[],
): SaleTotals {
  let grossMinor = 0;
  let netMinor = 0;
  let costMinor = 0;
  for (const line of lines) {
    grossMinor += line.listPriceMinor * line.quantity;
    netMinor += line.priceMinor * line.quantity;
    costMinor += line.costMinor * line.quantity;
  }
  return { grossMinor, discountMinor: grossMinor - netMinor, netMinor, costMinor };
}

/**
 * The §4 payment type of a sale by how its products were seen: tags (1) when any line is by
 * tag, else weights (2), else the neuro camera (4); with no product, by the micromarket's
 * first payment setting that is on.
 */
export function paymentTypeOf(
  sources: readonly SaleSource[],
  settings: { payment_rfid: boolean; payment_scales: boolean; payment_neuro: boolean },
): DoorPaymentType {
  const { tags, weights, neuro } = SALE_PAYMENT_TYPE;
  if (sources.includes('tag')) return tags;
  if (sources.includes('weight')) return weights;
  if (sources.includes('camera')) return neuro;
  if (settings.payment_rfid) return tags;
  if (settings.payment_scales) return weights;
  if (settings.payment_neuro) return neuro;
  return tags;
}

/** The payment types a door session's sale can have (a web purchase keeps its own). */
export type DoorPaymentType = (typeof SALE_PAYMENT_TYPE)['tags' | 'weights' | 'neuro'];
