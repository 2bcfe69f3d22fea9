import {
  type api,
  REFUND_STATES,
  type RefundState,
  TRANSACTION_PAYMENT_STATUS,
  TRANSACTION_PAYMENT_TYPE,
  TRANSACTION_STATUS,
} from '@vitrina/contract';
import { InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import {
  FILTER_SELECT,
  MicromarketFilter,
  OrganizationFilter,
  ResetFiltersButton,
  SearchFilter,
} from '../../../components/list-filters';
import type { useListUrl } from '../../../lib/list-query';
import { fromMinor, toMinor } from '../../../lib/money';
import { codeOptions } from './codes';

type ListState = ReturnType<typeof useListUrl<typeof api.transaction.list>>;
type Props = Pick<ListState, 'update' | 'reset' | 'hasFilters'> & { filters: ListState['query'] };

/** An amount bound typed in money, sent in minor units. */
function AmountFilter(props: {
  label: string;
  value: number | undefined;
  onChange: (minor: number | undefined) => void;
}) {
  return (
    <InputNumber
      className="list-filters__select"
      aria-label={props.label}
      placeholder={props.label}
      min={0}
      precision={2}
      value={props.value === undefined ? null : fromMinor(props.value)}
      onChange={(value) => props.onChange(value === null ? undefined : toMinor(value))}
    />
  );
}

export function TransactionFilters({ filters, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();
  const select = (key: 'status' | 'payment_status' | 'payment_type', options: { value: number; label: string }[]) => (
    <Select
      {...FILTER_SELECT}
      aria-label={t(`transactions.filters.${key}`)}
      placeholder={t(`transactions.filters.${key}`)}
      value={filters[key]}
      onChange={(value?: number) => update({ [key]: value })}
      options={options}
    />
  );

  return (
    <div className="list-filters">
      <SearchFilter
        label={t('transactions.filters.customer')}
        value={filters.customer}
        onSearch={(customer) => update({ customer, customer_id: undefined })}
      />
      <OrganizationFilter value={filters.org_id} onChange={(org_id) => update({ org_id })} />
      <MicromarketFilter value={filters.micromarket_id} onChange={(micromarket_id) => update({ micromarket_id })} />
      <DateRangeFilter
        label={t('transactions.filters.period')}
        placeholder={[t('transactions.filters.period_from'), t('transactions.filters.period_to')]}
        from={filters.from}
        to={filters.to}
        onChange={update}
      />
      {select('status', codeOptions(TRANSACTION_STATUS, 'status', t))}
      {select('payment_status', codeOptions(TRANSACTION_PAYMENT_STATUS, 'payment_status', t))}
      <Select
        {...FILTER_SELECT}
        aria-label={t('transactions.filters.refund_state')}
        placeholder={t('transactions.filters.refund_state')}
        value={filters.refund_state}
        onChange={(refund_state?: RefundState) => update({ refund_state })}
        options={REFUND_STATES.map((state) => ({ value: state, label: t(`transactions.refund_state.${state}`) }))}
      />
      {select('payment_type', codeOptions(TRANSACTION_PAYMENT_TYPE, 'payment_type', t))}
      <AmountFilter
        label={t('transactions.filters.amount_min')}
        value={filters.amount_min}
        onChange={(amount_min) => update({ amount_min })}
      />
      <AmountFilter
        label={t('transactions.filters.amount_max')}
        value={filters.amount_max}
        onChange={(amount_max) => update({ amount_max })}
      />
      <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
    </div>
  );
}
