import type { TTransactionCard } from '@vitrina/contract';
import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateUtc } from '../../../lib/format';
import { PaymentStatusTag, RefundInProcessTag, RefundStateTag, StatusTag, useCodeTexts } from './codes';
import { useMoney } from './use-money';

/** Who bought where, the §4 codes and the amounts of a sale. */
export function SaleHeader({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  const codes = useCodeTexts();
  const amount = (minor: number) => money(minor, sale.currency);
  const date = (value: string | null) => (value ? formatDateUtc(value) : '—');
  return (
    <>
      <Space wrap size={[4, 8]} style={{ marginBottom: 12 }}>
        <StatusTag status={sale.status} />
        <PaymentStatusTag status={sale.payment_status} />
        <RefundStateTag state={sale.refund_state} />
        <RefundInProcessTag sale={sale} />
        <Tag>{codes.paymentType(sale.payment_type)}</Tag>
        {sale.is_test && <Tag color="purple">{t('transactions.test')}</Tag>}
        {(sale.status === 3 || sale.status === 4) && (
          <span className="muted" data-testid="processing-hint">
            {t('transactions.processing_hint')}
          </span>
        )}
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
        <Descriptions.Item label={t('fields.micromarket')}>
          <Link to={`/device/${sale.micromarket_id}`}>{sale.micromarket_name}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.organization')}>{sale.organization_name}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.columns.customer')}>
          {sale.customer_name ?? t('transactions.card.guest')}
          {sale.customer_email && <div className="muted">{sale.customer_email}</div>}
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.columns.client_type')}>
          {codes.clientType(sale.client_type)}
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.opened_at')}>{date(sale.opened_at)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.closed_at')}>{date(sale.closed_at)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.gross')}>{amount(sale.gross_minor)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.discount')}>{amount(sale.discount_minor)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.bonuses_used')}>
          {amount(sale.bonuses_used_minor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.amount')}>
          <strong>{amount(sale.amount_minor)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.paid')}>{amount(sale.paid_minor)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.refunded')}>{amount(sale.refunded_minor)}</Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.bonuses_accrued')}>
          {amount(sale.bonuses_accrued_minor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('transactions.card.settled_at')}>{date(sale.settled_at)}</Descriptions.Item>
        {sale.error_code && (
          <Descriptions.Item label={t('transactions.card.error')}>
            <code>{sale.error_code}</code>
          </Descriptions.Item>
        )}
      </Descriptions>
    </>
  );
}
