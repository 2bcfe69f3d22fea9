import { api, type TTransactionPaymentResult } from '@vitrina/contract';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { PaymentStatusTag, RefundInProcessTag, RefundStateTag, StatusTag } from '../components/codes';
import { Figure } from '../components/figure';
import { RefundForm } from '../components/refund-form';
import { SaleMissing } from '../components/sale-missing';
import { SalePayments } from '../components/sale-payments';
import { SaleRefunds } from '../components/sale-refunds';
import { useMoney } from '../components/use-money';
import { useSale } from '../components/use-sale';

/** What the last refund or charge did: the provider's refusal under §8's payment system error title. */
function Outcome({ result }: { result: TTransactionPaymentResult }) {
  const { t } = useTranslation();
  const money = useMoney();
  const amount = money(result.payment.amount_minor, result.payment.currency);
  if (result.error) {
    return <Alert type="error" showIcon message={t('transactions.system_error')} description={result.error} />;
  }
  if (result.payment.status === 10)
    return <Alert type="warning" showIcon message={t('transactions.payment.in_process')} />;
  const done = result.payment.type === 2 ? 'refund_done' : 'charge_done';
  return <Alert type="success" showIcon message={t(`transactions.payment.${done}`, { amount })} />;
}

export default function TransactionPaymentScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const { sale, isMissing } = useSale();
  const [result, setResult] = useState<TTransactionPaymentResult | null>(null);
  const [chargeKey, setChargeKey] = useState(() => crypto.randomUUID());
  const charge = useEndpointMutation(api.transaction.charge, {
    onSuccess: (answer) => {
      setChargeKey(crypto.randomUUID());
      setResult(answer);
    },
  });

  if (isMissing) return <SaleMissing />;
  if (sale.isError) return <LoadError onRetry={() => sale.refetch()} />;
  if (sale.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const item = sale.data;
  const owed = item.amount_minor - item.paid_minor;

  return (
    <>
      <PageHeader
        title={t('transactions.payment.title', { id: item.id })}
        extra={<Link to={`/device/transaction/${item.id}`}>{t('transactions.open')}</Link>}
      />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" className="panel-card">
          <Space wrap size={[16, 8]}>
            <StatusTag status={item.status} />
            <PaymentStatusTag status={item.payment_status} />
            <RefundStateTag state={item.refund_state} />
            <RefundInProcessTag sale={item} />
            <Figure label={t('transactions.card.amount')}>{money(item.amount_minor, item.currency)}</Figure>
            <Figure label={t('transactions.card.paid')}>{money(item.paid_minor, item.currency)}</Figure>
            <Figure label={t('transactions.card.refunded')}>{money(item.refunded_minor, item.currency)}</Figure>
          </Space>
          {result && (
            <div style={{ marginTop: 12 }}>
              <Outcome result={result} />
            </div>
          )}
        </Card>
        <Card variant="borderless" className="panel-card" title={t('transactions.payment.refund')}>
          {/* A new form once the refund is booked or held (what is left changed); a failed one keeps what was typed. */}
          <RefundForm
            key={`${item.refunded_minor}:${item.actions.refundable_minor}`}
            sale={item}
            onResult={setResult}
          />
        </Card>
        <Card variant="borderless" className="panel-card" title={t('transactions.payment.charge')}>
          {item.actions.can_charge ? (
            <Space direction="vertical" size={12}>
              <Typography.Text>
                {t('transactions.payment.charge_hint', { amount: money(owed, item.currency) })}
              </Typography.Text>
              <Button
                type="primary"
                loading={charge.isPending}
                onClick={() => charge.mutate({ params: { id: item.id }, body: { idempotency_key: chargeKey } })}
              >
                {t('transactions.payment.charge_submit')}
              </Button>
            </Space>
          ) : (
            <span className="muted">{t('transactions.payment.nothing_to_charge')}</span>
          )}
        </Card>
        {item.refunds.length > 0 && (
          <Card variant="borderless" className="panel-card" title={t('transactions.refunds.title')}>
            <SaleRefunds sale={item} />
          </Card>
        )}
        <Card variant="borderless" className="panel-card" title={t('transactions.card.payments')}>
          <SalePayments payments={item.payments} />
        </Card>
      </Space>
    </>
  );
}
