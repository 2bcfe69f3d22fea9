import type { Currency, Locale } from '@vitrina/contract';
import { LOCALE_TAGS } from './locale-tags';

/** Money travels as integer minor units (kopiyka, grosz, cent); people read and type amounts. */
export const toMinor = (amount: number | null | undefined): number => Math.round((amount ?? 0) * 100);

export const fromMinor = (minor: number): number => minor / 100;

export function formatMoney(minor: number, options: { currency: Currency; locale: Locale }): string {
  return new Intl.NumberFormat(LOCALE_TAGS[options.locale], {
    style: 'currency',
    currency: options.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fromMinor(minor));
}
