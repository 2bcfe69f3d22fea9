import { describe, expect, it } from 'vitest';
import { isWorthPlanning, planLine, stockLevel } from './plan.js';

const product = { id: 1, name: 'Water' };

describe('plan lines', () => {
  // par, stock, expiring → bring
  const cases: [number, number, number, number][] = [
    [10, 4, 0, 6],
    [10, 4, 3, 9],
    [10, 12, 0, 0],
    [10, 12, 5, 3],
    [0, 3, 3, 0],
    [0, 0, 0, 0],
  ];
  it.each(cases)('par %i, stock %i, expiring %i → bring %i', (par, stock, expiring, bring) => {
    expect(planLine(product, { par, stock, expiring, sold: 0, wishes: 0 }, 28).bring).toBe(bring);
  });

  it('gives the daily rate over the window to one decimal', () => {
    expect(planLine(product, { par: 0, stock: 0, expiring: 0, sold: 20, wishes: 0 }, 28).daily_rate).toBe(0.7);
    expect(planLine(product, { par: 0, stock: 0, expiring: 0, sold: 90, wishes: 0 }, 90).daily_rate).toBe(1);
  });

  it('keeps lines with a par level, something expiring or wishes', () => {
    const line = (input: Partial<Parameters<typeof planLine>[1]>) =>
      planLine(product, { par: 0, stock: 0, expiring: 0, sold: 0, wishes: 0, ...input }, 28);
    expect(isWorthPlanning(line({ par: 4 }))).toBe(true);
    expect(isWorthPlanning(line({ stock: 3, expiring: 1 }))).toBe(true);
    expect(isWorthPlanning(line({ wishes: 2 }))).toBe(true);
    expect(isWorthPlanning(line({ stock: 5, sold: 40 }))).toBe(false);
  });
});

describe('stock level', () => {
  const line = (par: number, stock: number, expiring = 0) =>
    planLine(product, { par, stock, expiring, sold: 0, wishes: 0 }, 28);

  it('is what stays after the expiring items go, each product counted up to its par', () => {
    expect(stockLevel({ has_planogram: true, lines: [line(10, 2), line(4, 1)] })).toBeCloseTo(3 / 14);
    expect(stockLevel({ has_planogram: true, lines: [line(10, 6, 4), line(4, 0)] })).toBeCloseTo(2 / 14);
    // A surplus of one product does not hide that another is missing.
    expect(stockLevel({ has_planogram: true, lines: [line(4, 20), line(4, 0)] })).toBe(0.5);
    // Products outside the planogram (only expiring, only wished for) do not count.
    expect(stockLevel({ has_planogram: true, lines: [line(4, 4), line(0, 3, 3)] })).toBe(1);
  });

  it('is unknown without a planogram or with an empty one', () => {
    expect(stockLevel({ has_planogram: false, lines: [] })).toBeNull();
    expect(stockLevel({ has_planogram: true, lines: [line(0, 2, 2)] })).toBeNull();
  });
});
