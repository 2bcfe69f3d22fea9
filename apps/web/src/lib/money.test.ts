import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinor, toMinor } from './money';

describe('money', () => {
  it('turns typed amounts into minor units without float drift', () => {
    expect(toMinor(12.34)).toBe(1234);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(undefined)).toBe(0);
  });

  it('reads minor units back as an amount', () => {
    expect(fromMinor(1999)).toBe(19.99);
  });

  it('formats with two decimals in the currency', () => {
    expect(formatMoney(150000, { currency: 'EUR', locale: 'en' })).toBe('€1,500.00');
  });
});
