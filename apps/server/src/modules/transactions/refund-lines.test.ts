import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { amountOfLines, pickLines, type RefundableLine, splitUnits } from './refund-lines.js';

const line = (id: number, priceMinor: number, quantity: number, refundedQuantity = 0): RefundableLine => ({
  id,
  name: `Line ${id}`,
  priceMinor,
  quantity,
  refundedQuantity,
});

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('pickLines', () => {
  it('takes what is left of each line and refuses more, or a line not of the sale, naming the field', () => {
    const stored = [line(1, 900, 1), line(2, 250, 3, 1)];
    expect(pickLines(stored, [{ line_id: 2, quantity: 2 }])).toEqual([{ line: stored[1], quantity: 2 }]);
    expect(
      failureOf(() =>
        pickLines(stored, [
          { line_id: 1, quantity: 1 },
          { line_id: 2, quantity: 3 },
        ]),
      ),
    ).toEqual({
      key: 'transaction.refund_line_too_many',
      params: { left: 2 },
      fields: { 'lines.1.quantity': 'transaction.refund_line_too_many' },
    });
    expect(failureOf(() => pickLines(stored, [{ line_id: 7, quantity: 1 }])).fields).toEqual({
      'lines.0.line_id': 'transaction.refund_line_unknown',
    });
  });
});

describe('amountOfLines', () => {
  const picked = [{ line: line(1, 900, 2), quantity: 2 }];
  it('prices the units as paid, capped by what is refundable, and holds a sent amount to it', () => {
    const options = { refundableMinor: 10_000, askedMinor: undefined, currency: 'UAH' };
    expect(amountOfLines(picked, options)).toBe(1_800);
    expect(amountOfLines(picked, { ...options, refundableMinor: 1_000 })).toBe(1_000);
    expect(amountOfLines(picked, { ...options, askedMinor: 1_800 })).toBe(1_800);
    expect(failureOf(() => amountOfLines(picked, { ...options, askedMinor: 1_700 }))).toEqual({
      key: 'transaction.refund_amount_differs',
      params: { amount: '18.00 UAH' },
      fields: { amount_minor: 'transaction.refund_amount_differs' },
    });
    expect(failureOf(() => amountOfLines([{ line: line(2, 0, 1), quantity: 1 }], options)).key).toBe(
      'transaction.refund_lines_free',
    );
  });
});

describe('splitUnits', () => {
  const units = (shares: Map<number, number>[]) => shares.map((share) => Object.fromEntries(share));

  it('gives one part every unit', () => {
    expect(
      units(
        splitUnits(
          [1_400],
          [
            { line: line(1, 900, 1), quantity: 1 },
            { line: line(2, 250, 2), quantity: 2 },
          ],
        ),
      ),
    ).toEqual([{ 1: 1, 2: 2 }]);
  });

  it('puts each unit in the part its price starts in, so the parts together hold each unit once', () => {
    // 3 × 400 over parts of 500 and 700: units start at 0, 400 (part 1) and 800 (part 2).
    expect(units(splitUnits([500, 700], [{ line: line(1, 400, 3), quantity: 3 }]))).toEqual([{ 1: 2 }, { 1: 1 }]);
    // Units at 0 and 900 of 2 × 900 + 2 × 250 over 1,000 and 1,300: the second sandwich starts in part 1.
    expect(
      units(
        splitUnits(
          [1_000, 1_300],
          [
            { line: line(1, 900, 2), quantity: 2 },
            { line: line(2, 250, 2), quantity: 2 },
          ],
        ),
      ),
    ).toEqual([{ 1: 2 }, { 2: 2 }]);
  });

  it('gives the last part the units past a capped amount', () => {
    expect(units(splitUnits([300, 200], [{ line: line(1, 400, 3), quantity: 3 }]))).toEqual([{ 1: 1 }, { 1: 2 }]);
  });
});
