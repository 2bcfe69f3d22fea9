import { describe, expect, it } from 'vitest';
import { type ProductPrice, paymentTypeOf, priceItems, totalsOf } from './pricing.js';

const products = new Map<number, ProductPrice>([
  [1, { productId: 1, name: 'Sandwich', categoryId: 7, sellCostMinor: 9_900, baseCostMinor: 6_000 }],
  [2, { productId: 2, name: 'Water', categoryId: null, sellCostMinor: 2_550, baseCostMinor: 1_000 }],
]);

describe('sale pricing', () => {
  it('takes the personal price over the sell cost, then the discount per unit, rounded', () => {
    const lines = priceItems(
      [
        { productId: 1, quantity: 1, source: 'tag', tagCode: 'E1' },
        { productId: 2, quantity: 3, source: 'weight', tagCode: null },
      ],
      products,
      new Map([[1, 8_000]]),
      15,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        productId: 1,
        listPriceMinor: 8_000,
        priceMinor: 6_800,
        costMinor: 6_000,
        quantity: 1,
      }),
      // 2,550 × 0.85 = 2,167.5 → 2,168
      expect.objectContaining({ productId: 2, listPriceMinor: 2_550, priceMinor: 2_168, quantity: 3 }),
    ]);
    expect(totalsOf(lines)).toEqual({ grossMinor: 15_650, discountMinor: 2_346, netMinor: 13_304, costMinor: 9_000 });
  });

  it('skips unknown products and empty quantities', () => {
    const lines = priceItems(
      [
        { productId: 99, quantity: 1, source: 'camera', tagCode: null },
        { productId: 2, quantity: 0, source: 'camera', tagCode: null },
      ],
      products,
      new Map(),
      0,
    );
    expect(lines).toEqual([]);
    expect(totalsOf(lines)).toEqual({ grossMinor: 0, discountMinor: 0, netMinor: 0, costMinor: 0 });
  });

  it('names the payment type by how the products were seen', () => {
    const settings = { payment_rfid: false, payment_scales: true, payment_neuro: true };
    expect(paymentTypeOf(['camera', 'tag'], settings)).toBe(1);
    expect(paymentTypeOf(['camera', 'weight'], settings)).toBe(2);
    expect(paymentTypeOf(['camera'], settings)).toBe(4);
    expect(paymentTypeOf([], settings)).toBe(2);
  });
});
