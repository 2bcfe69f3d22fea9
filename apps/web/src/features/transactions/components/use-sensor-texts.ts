import type { TSensorCheck, TSensorDisagreement } from '@vitrina/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlFormat } from '../../../lib/intl-format';
import { LOCALE_TAGS } from '../../../lib/locale-tags';
import { useLocale } from '../../../lib/use-locale';

/** The words of a cross-sensor check: sensors' names, grams and each disagreement as a sentence. */
export function useSensorTexts() {
  const { t } = useTranslation();
  const locale = useLocale();
  // A no-break space: a figure never wraps away from its unit in a sentence.
  const grams = useCallback(
    (value: number | null) =>
      value === null
        ? '—'
        : intlFormat('NumberFormat', LOCALE_TAGS[locale], { style: 'unit', unit: 'gram' })
            .format(value)
            .replace(/ /g, '\u00a0'),
    [locale],
  );

  return useMemo(() => {
    const authority = (check: TSensorCheck) => t(`transactions.sensor_check.authority.${check.authority}`);
    const checkers = (check: TSensorCheck) =>
      check.checked_by.map((sensor) => t(`transactions.sensor_check.sensor.${sensor}`)).join(', ');
    /** Which sensor counted and which checked it. */
    const roles = (check: TSensorCheck) =>
      check.checked_by.length === 0
        ? t('transactions.sensor_check.roles_unchecked', { authority: authority(check) })
        : t('transactions.sensor_check.roles', { authority: authority(check), sensors: checkers(check) });
    const agreement = (check: TSensorCheck) =>
      check.checked_by.length === 0
        ? t('transactions.sensor_check.agree_unchecked', { authority: authority(check) })
        : t('transactions.sensor_check.agree', { authority: authority(check), sensors: checkers(check) });
    /** One disagreement in words with its numbers; the tags that left are shown beside it. */
    const disagreement = (item: TSensorDisagreement, check: TSensorCheck) => {
      if (item.kind === 'count_differs') {
        const product =
          item.product_name ??
          (item.product_id === null
            ? t('transactions.sensor_check.unknown_product')
            : t('transactions.sensor_check.product_number', { id: item.product_id }));
        return t('transactions.sensor_check.count_differs', {
          product,
          seen: t(`transactions.sensor_check.seen.${item.sensor ?? 'weight'}`, { number: item.seen ?? 0 }),
          counted: t(`transactions.sensor_check.counted.${check.authority}`, { number: item.counted ?? 0 }),
        });
      }
      return t(`transactions.sensor_check.${item.kind}`, {
        measured: grams(item.measured_grams),
        expected: grams(item.expected_grams),
        tolerance: grams(check.tolerance_grams),
      });
    };
    return { grams, roles, agreement, disagreement };
  }, [t, grams]);
}
