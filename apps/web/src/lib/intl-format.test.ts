import { describe, expect, it } from 'vitest';
import { intlFormat } from './intl-format';

describe('intlFormat', () => {
  it('builds a formatter once per kind, locale and options', () => {
    const first = intlFormat('NumberFormat', 'uk-UA', { style: 'currency', currency: 'UAH' });
    expect(intlFormat('NumberFormat', 'uk-UA', { style: 'currency', currency: 'UAH' })).toBe(first);
    expect(intlFormat('NumberFormat', 'uk-UA', { style: 'currency', currency: 'PLN' })).not.toBe(first);
    expect(intlFormat('NumberFormat', 'en-GB', { style: 'currency', currency: 'UAH' })).not.toBe(first);
  });

  it('formats as the Intl formatter it stands for', () => {
    expect(intlFormat('RelativeTimeFormat', 'en-GB', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
    expect(
      intlFormat('DateTimeFormat', 'en-GB', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1)),
    ).toBe('Mon');
  });
});
