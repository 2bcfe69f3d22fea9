import { describe, expect, it } from 'vitest';
import { callingCodeOf, parsePhones } from './phone-import.js';

describe('parsePhones', () => {
  it('normalises pasted numbers to E.164, local ones by the organisation’s calling code', () => {
    const parsed = parsePhones(
      '+380 50 123 45 67\n067-111-22-33\n\n0038 (063) 444 55 66\n+380501234567\nhello\n12',
      '380',
    );
    expect(parsed.phones).toEqual(['+380501234567', '+380671112233', '+380634445566']);
    expect(parsed).toMatchObject({ duplicates: 1, invalid: 2, invalidExamples: ['hello', '12'] });
  });

  it('reads the phone column of a CSV, or its first column', () => {
    expect(parsePhones('name;Phone\nOlena;+48 601 234 567\nMarek;"601234568"', '48').phones).toEqual([
      '+48601234567',
      '+48601234568',
    ]);
    expect(parsePhones('+48601234567,Olena\n+48601234568,Marek', '48').phones).toHaveLength(2);
  });

  it('takes no local numbers without a calling code (EUR organisations write +)', () => {
    expect(callingCodeOf('EUR')).toBeUndefined();
    expect(parsePhones('0601234567\n+393401234567', callingCodeOf('EUR')).phones).toEqual(['+393401234567']);
  });
});
