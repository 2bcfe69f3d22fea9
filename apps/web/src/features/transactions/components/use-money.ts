import { CURRENCIES, type Currency } from '@vitrina/contract';
import { useCallback } from 'react';
import { formatMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** Formats minor units of a sale's currency in the reader's locale. */
export function useMoney() {
  const locale = useLocale();
  return useCallback(
    (minor: number, currency: string) =>
      isCurrency(currency) ? formatMoney(minor, { currency, locale }) : `${(minor / 100).toFixed(2)} ${currency}`,
    [locale],
  );
}
