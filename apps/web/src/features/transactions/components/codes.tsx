import {
  CLIENT_TYPE,
  PAYMENT_TRANSACTION_STATUS,
  PAYMENT_TRANSACTION_TYPE,
  type RefundState,
  TRANSACTION_PAYMENT_STATUS,
  TRANSACTION_PAYMENT_TYPE,
  TRANSACTION_STATUS,
  type TSalePayment,
  type TTransactionCard,
  type TTransactionListItem,
} from '@vitrina/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The §4 text key of a code in its table. */
function keyOf(table: readonly { code: number; key: string }[], code: number): string {
  return table.find((row) => row.code === code)?.key ?? String(code);
}

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange', 3: 'blue', 4: 'blue' };
const PAYMENT_STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'red', 3: 'default' };
const LEDGER_STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red', 5: 'orange', 10: 'blue' };

export function StatusTag({ status }: { status: TTransactionListItem['status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`transactions.status.${keyOf(TRANSACTION_STATUS, status)}`)}</Tag>;
}

export function PaymentStatusTag({ status }: { status: TTransactionListItem['payment_status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={PAYMENT_STATUS_COLORS[status]}>
      {t(`transactions.payment_status.${keyOf(TRANSACTION_PAYMENT_STATUS, status)}`)}
    </Tag>
  );
}

const REFUND_STATE_COLORS: Record<RefundState, string> = {
  not_refunded: 'default',
  partly_refunded: 'gold',
  refunded: 'volcano',
};

/** "Refunded" or "Partly refunded" beside the payment status; nothing while nothing was given back. */
export function RefundStateTag({ state }: { state: RefundState }) {
  const { t } = useTranslation();
  if (state === 'not_refunded') return null;
  return <Tag color={REFUND_STATE_COLORS[state]}>{t(`transactions.refund_state.${state}`)}</Tag>;
}

/** A refund the provider has not confirmed yet: its money is on the way, not given back. */
export function RefundInProcessTag({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  if (!sale.refunds.some((refund) => refund.status === 10)) return null;
  return <Tag color="blue">{t('transactions.refund_state.in_process')}</Tag>;
}

export function LedgerStatusTag({ status }: { status: TSalePayment['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={LEDGER_STATUS_COLORS[status]}>
      {t(`transactions.ledger_status.${keyOf(PAYMENT_TRANSACTION_STATUS, status)}`)}
    </Tag>
  );
}

/** Texts of the plain codes (no colour): payment type, client type, ledger type. */
export function useCodeTexts() {
  const { t } = useTranslation();
  return {
    paymentType: (code: number) => t(`transactions.payment_type.${keyOf(TRANSACTION_PAYMENT_TYPE, code)}`),
    clientType: (code: number) => t(`transactions.client_type.${keyOf(CLIENT_TYPE, code)}`),
    ledgerType: (code: number) => t(`transactions.ledger_type.${keyOf(PAYMENT_TRANSACTION_TYPE, code)}`),
  };
}

/** Filter options of a §4 table: 3 and 4 are both "processing", so the option stands once (the server finds both). */
export function codeOptions(
  table: readonly { code: number; key: string }[],
  prefix: string,
  t: (key: string) => string,
) {
  const seen = new Set<string>();
  return table.flatMap((row) => {
    if (seen.has(row.key)) return [];
    seen.add(row.key);
    return [{ value: row.code, label: t(`transactions.${prefix}.${row.key}`) }];
  });
}
