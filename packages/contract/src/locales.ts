/** Interface locales (spec §1). `ua` is the product's code for Ukrainian. */
export const LOCALES = ['en', 'ua', 'pl', 'it', 'sk'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ua: 'Українська',
  pl: 'Polski',
  it: 'Italiano',
  sk: 'Slovenčina',
};

/** Language ids of spec §1. Russian (2) exists in the data model but is not an interface locale. */
export const LANGUAGE_IDS = { ua: 1, ru: 2, en: 3, pl: 4, it: 5, sk: 6 } as const;

export const CURRENCIES = ['UAH', 'PLN', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Currency an organisation gets by default from its language (spec §1: UAH, zloty or euro). */
export const DEFAULT_CURRENCY_BY_LOCALE: Record<Locale, Currency> = {
  ua: 'UAH',
  pl: 'PLN',
  it: 'EUR',
  sk: 'EUR',
  en: 'EUR',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks the locale from a `Lang` header value; unknown values fall back to en. */
export function resolveLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const code = value.trim().toLowerCase().slice(0, 2);
  if (code === 'uk') return 'ua';
  return isLocale(code) ? code : DEFAULT_LOCALE;
}
