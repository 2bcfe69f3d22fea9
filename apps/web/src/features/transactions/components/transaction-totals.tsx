import type { TTransactionTotals } from '@vitrina/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { Figure } from './figure';
import { useMoney } from './use-money';

// Inline: the list is this feature's only user of the layout.
const ROW = { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', margin: '0 0 12px' } as const;

/** The totals of the filtered sales, one line per currency when they are mixed. */
export function TransactionTotals({ totals }: { totals: TTransactionTotals | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const locale = useLocale();
  if (!totals) return <Skeleton.Input active size="small" />;
  return (
    <section style={ROW} aria-label={t('transactions.totals.count')}>
      <Figure label={t('transactions.totals.count')}>{formatCount(totals.count, locale)}</Figure>
      {totals.by_currency.map((row) => (
        <div key={row.currency} style={ROW}>
          <Figure label={t('transactions.totals.amount')}>{money(row.amount_minor, row.currency)}</Figure>
          <Figure label={t('transactions.totals.paid')}>{money(row.paid_minor, row.currency)}</Figure>
          <Figure label={t('transactions.totals.refunded')}>{money(row.refunded_minor, row.currency)}</Figure>
        </div>
      ))}
    </section>
  );
}
