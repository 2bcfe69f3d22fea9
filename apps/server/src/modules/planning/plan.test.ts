import { describe, expect, it } from 'vitest';
import { isWorthPlanning, planLine } from './plan.js';

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
