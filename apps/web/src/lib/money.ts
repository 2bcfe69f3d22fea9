import { CURRENCIES, type Currency, type Locale } from '@vitrina/contract';
import { useCallback } from 'react';
import { intlFormat } from './intl-format';
import { LOCALE_TAGS } from './locale-tags';
import { useLocale } from './use-locale';

/** Money travels as integer minor units (kopiyka, grosz, cent); people read and type amounts. */
export const toMinor = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);

export const fromMinor = (minor: number): number => minor / 100;

export function formatMoney(minor: number, options: { currency: Currency; locale: Locale }): string {
  return intlFormat('NumberFormat', LOCALE_TAGS[options.locale], {
    style: 'currency',
    currency: options.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fromMinor(minor));
}

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** Formats minor units of a given currency (a sale's, an organisation's) in the reader's locale. */
export function useMoney() {
  const locale = useLocale();
  return useCallback(
    (minor: number, currency: string) =>
      isCurrency(currency) ? formatMoney(minor, { currency, locale }) : `${(minor / 100).toFixed(2)} ${currency}`,
    [locale],
  );
}
