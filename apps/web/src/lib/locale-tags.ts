import type { Locale } from '@vitrina/contract';

/** BCP 47 tags for Intl and dayjs; the product says `ua` where the standard says `uk`. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en',
  ua: 'uk',
  pl: 'pl',
  it: 'it',
  sk: 'sk',
};
