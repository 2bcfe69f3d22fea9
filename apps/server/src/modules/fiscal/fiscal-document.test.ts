import { describe, expect, it } from 'vitest';
import { apportion, productCodeOf, returnOf, type SaleReceiptLine } from './fiscal-document.js';
import type { FiscalReceiptLine } from './provider.js';

/**
 * What a return receipt gives back (`returnOf`): a refund by products lists its units at the
 * price they were sold for, less their share of what the refund gives back below it, and
 * totals the refund to the minor unit; a refund by amount is the sale's lines (whole), or each
 * of the sale's goods its share of the amount (a part), named as the sale receipt named it.
 */
const TAX = ['Б'];
const sale = { id: 41, amountMinor: 9_200, bonusesUsedMinor: 500 };

/** A sale's line of one unit at its list price, not taxed beyond the default, unless told otherwise. */
const saleLine = (
  lineId: number,
  line: Pick<FiscalReceiptLine, 'code' | 'name' | 'priceMinor'> & Partial<FiscalReceiptLine>,
): SaleReceiptLine => ({
  lineId,
  line: { barcode: null, quantity: 1, listPriceMinor: line.priceMinor, taxCodes: TAX, ...line },
});

/** Two lattes at 10 % off, a croissant and three free napkins: 9 700 of goods, 500 of it paid by bonuses. */
const LATTE = { code: 'LATTE-1', name: 'Кава лате', barcode: '4820000000001', taxCodes: ['А'] };
const LINES: SaleReceiptLine[] = [
  saleLine(11, { ...LATTE, quantity: 2, listPriceMinor: 4_000, priceMinor: 3_600 }),
  saleLine(12, { code: '17', name: 'Croissant', priceMinor: 2_500 }),
  saleLine(13, { code: '18', name: 'Napkin', quantity: 3, priceMinor: 0 }),
];

/** The return of a refund of `amountMinor` giving back these units (line id, quantity) of LINES. */
const returned = (amountMinor: number, ...units: [number, number][]) =>
  returnOf(sale, { amountMinor, units: new Map(units) }, LINES);
const byAmount = (amountMinor: number) => ({ amountMinor, units: new Map<number, number>() });

/** What a register takes the receipt to come to: each line's sum less its discount, less the receipt's discount. */
function totalOf(receipt: { lines: FiscalReceiptLine[]; discountMinor: number }) {
  const lines = receipt.lines.reduce(
    (sum, line) => sum + line.priceMinor * line.quantity - (line.discountMinor ?? 0),
    0,
  );
  return lines - receipt.discountMinor;
}

describe('a return receipt of a refund by products', () => {
  it('lists exactly the units refunded, at the price they were sold for, with their codes and tax groups', () => {
    const receipt = returned(3_600, [11, 1]);
    expect(receipt).toEqual({ lines: [{ ...LINES[0]!.line, quantity: 1 }], discountMinor: 0 });
    expect(totalOf(receipt)).toBe(3_600);
  });

  it('keeps the sale’s order of lines and leaves out those not refunded, whatever order the units come in', () => {
    const receipt = returned(6_100, [12, 1], [13, 2], [11, 1]);
    expect(receipt.lines.map((line) => [line.code, line.quantity])).toEqual([
      ['LATTE-1', 1],
      ['17', 1],
      ['18', 2],
    ]);
    expect(receipt.lines.every((line) => line.discountMinor === undefined)).toBe(true);
    expect(totalOf(receipt)).toBe(6_100);
  });

  it('takes what the refund gives back below the goods’ price off the lines in proportion, to the minor unit', () => {
    // A latte and the croissant are worth 6 100; only 6 000 is left to give back (bonuses paid 500).
    const receipt = returned(6_000, [11, 1], [12, 1]);
    // 100 × 3 600 / 6 100 = 59.02 → 59; the croissant takes the rest, 41.
    expect(receipt.lines.map((line) => [line.code, line.priceMinor, line.discountMinor])).toEqual([
      ['LATTE-1', 3_600, 59],
      ['17', 2_500, 41],
    ]);
    expect(receipt.discountMinor).toBe(0);
    expect(totalOf(receipt)).toBe(6_000);
  });

  it('puts what rounding leaves on the later lines, the last one first, every time the same', () => {
    const three = [21, 22, 23].map((lineId) =>
      saleLine(lineId, { code: String(lineId), name: 'Tea', priceMinor: 1_000 }),
    );
    const units = three.map(({ lineId }): [number, number] => [lineId, 1]);
    const shares = (amountMinor: number) =>
      returnOf(sale, { amountMinor, units: new Map(units) }, three).lines.map((line) => line.discountMinor ?? 0);
    expect(shares(2_900)).toEqual([33, 33, 34]);
    expect(shares(2_800)).toEqual([66, 67, 67]);
    expect(shares(2_999)).toEqual([0, 0, 1]);
    expect(shares(2_900)).toEqual(shares(2_900));
  });

  it('gives the free units none of it, and a line never more than its own price', () => {
    const receipt = returned(1, [12, 1], [13, 3]);
    expect(receipt.lines.map((line) => [line.code, line.discountMinor])).toEqual([
      ['17', 2_499],
      ['18', undefined],
    ]);
    expect(totalOf(receipt)).toBe(1);
  });

  it('money beyond the units’ price (a refund split over two payments) is the sale’s goods, by amount, never an invented item', () => {
    const receipt = returned(5_000, [11, 1]);
    // 1 400 beyond the latte, spread over what the lines still hold (6 829 − 3 600 : 2 371).
    expect(receipt.lines).toEqual([
      { ...LINES[0]!.line, quantity: 1 },
      { ...LINES[0]!.line, quantity: 1, discountMinor: 3_600 - 807 },
      { ...LINES[1]!.line, discountMinor: 2_500 - 593 },
    ]);
    expect(totalOf(receipt)).toBe(5_000);
  });
});

/** What a receipt gives back of each sale line's code. */
const sumsByCode = (receipt: { lines: FiscalReceiptLine[] }) => {
  const sums = new Map<string, number>();
  for (const line of receipt.lines) {
    sums.set(line.code, (sums.get(line.code) ?? 0) + line.priceMinor * line.quantity - (line.discountMinor ?? 0));
  }
  return sums;
};

describe('a return receipt of a refund by amount', () => {
  it('the whole amount returns the sale’s lines and its bonuses', () => {
    const receipt = returnOf(sale, byAmount(9_200), LINES);
    expect(receipt).toEqual({ lines: LINES.map(({ line }) => line), discountMinor: 500 });
    expect(totalOf(receipt)).toBe(9_200);
  });

  it('a part returns the sale’s goods as sold, each its share of the amount in proportion to what it was paid', () => {
    // Paid: the lattes 7 200 less 371 of the bonuses, the croissant 2 500 less 129, the napkins nothing.
    const receipt = returnOf(sale, byAmount(1_000), LINES);
    expect(receipt).toEqual({
      lines: [
        { ...LINES[0]!.line, discountMinor: 7_200 - 742 },
        { ...LINES[1]!.line, discountMinor: 2_500 - 258 },
      ],
      discountMinor: 0,
    });
    expect(totalOf(receipt)).toBe(1_000);
    expect(receipt.lines.map((line) => [line.code, line.name, line.taxCodes])).toEqual([
      ['LATTE-1', 'Кава лате', ['А']],
      ['17', 'Croissant', TAX],
    ]);
  });

  it('a later part shares what the earlier refunds left, so no line gives back more than it was paid', () => {
    const first = byAmount(1_000);
    const oneLatte = { amountMinor: 3_600, units: new Map([[11, 1]]) };
    const rest = returnOf(sale, byAmount(9_200 - 1_000 - 3_600), LINES, [first, oneLatte]);
    // The latte holds 6 829 − 742 − 3 600, the croissant 2 371 − 258: all of it goes back.
    expect(sumsByCode(rest)).toEqual(
      new Map([
        ['LATTE-1', 6_829 - 742 - 3_600],
        ['17', 2_371 - 258],
      ]),
    );
    // One latte is left to give back; its line says so.
    expect(rest.lines[0]).toMatchObject({ code: 'LATTE-1', quantity: 1 });
    expect(totalOf(rest)).toBe(4_600);
  });

  it('parts in any number add up, line by line, to no more than each line was paid', () => {
    const paid = new Map([
      ['LATTE-1', 6_829],
      ['17', 2_371],
    ]);
    for (const parts of [
      [1, 1, 1, 9_197],
      [4_600, 4_600],
      [3, 7, 11, 13, 9_000, 166],
      [9_199, 1],
    ]) {
      const earlier: ReturnType<typeof byAmount>[] = [];
      const given = new Map<string, number>();
      for (const part of parts) {
        const receipt = returnOf(sale, byAmount(part), LINES, earlier);
        expect(totalOf(receipt)).toBe(part);
        for (const [code, sum] of sumsByCode(receipt)) given.set(code, (given.get(code) ?? 0) + sum);
        earlier.push(byAmount(part));
      }
      expect(given, String(parts)).toEqual(paid);
    }
  });
});

describe('apportion', () => {
  it('adds up to the total exactly, each share its exact part rounded down or up, never past its weight', () => {
    const weightSets = [[1], [3, 3, 3], [1, 2, 3, 4], [7_200, 2_500, 0, 13_900], [1, 1_000_000], [0, 5]];
    for (const weights of weightSets) {
      const whole = weights.reduce((sum, weight) => sum + weight, 0);
      for (let total = 0; total <= whole; total += Math.max(1, Math.floor(whole / 97))) {
        const shares = apportion(total, weights);
        expect(
          shares.reduce((sum, share) => sum + share, 0),
          `${total} over ${weights}`,
        ).toBe(total);
        shares.forEach((share, index) => {
          const exact = (total * weights[index]!) / whole;
          expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(share).toBeLessThanOrEqual(Math.min(Math.ceil(exact), weights[index]!));
        });
      }
    }
  });

  it('shares nothing when there is nothing to share', () => {
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
  });
});

describe('productCodeOf', () => {
  it('is the product’s article, else its id, else the sale line’s', () => {
    expect(productCodeOf({ article: 'LATTE-1', productId: 7, lineId: 3 })).toBe('LATTE-1');
    expect(productCodeOf({ article: null, productId: 7, lineId: 3 })).toBe('7');
    expect(productCodeOf({ article: '', productId: null, lineId: 3 })).toBe('line-3');
  });
});
