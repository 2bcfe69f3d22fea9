import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locales.js';
import { translate } from './messages.js';

describe('resolveLocale', () => {
  it('reads the Lang header, mapping uk to ua and unknown values to en', () => {
    expect(resolveLocale('ua')).toBe('ua');
    expect(resolveLocale('uk-UA')).toBe('ua');
    expect(resolveLocale('PL')).toBe('pl');
    expect(resolveLocale('de')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('role.in_use', 'en', { count: 3 })).toBe(
      'The role is assigned to 3 user(s) and cannot be deleted',
    );
    expect(translate('errors.rate_limited', 'sk', { minutes: 15 })).toBe('Príliš veľa pokusov. Skúste znova o 15 min');
  });
});
