import { api, type TTransactionCard, type TTransactionPaymentResult } from '@vitrina/contract';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { fromMinor, toMinor } from '../../../lib/money';
import { useMoney } from './use-money';

type Props = { sale: TTransactionCard; onResult: (result: TTransactionPaymentResult) => void };

/**
 * A refund in full or in part. One idempotency key per filled-in form: a double click or a
 * resent request refunds once; a new key is made after each answer.
 */
export function RefundForm({ sale, onResult }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const refundable = sale.actions.refundable_minor;
  const [amount, setAmount] = useState<number | null>(fromMinor(refundable));
  const [key, setKey] = useState(() => crypto.randomUUID());
  const refund = useEndpointMutation(api.transaction.refund, {
    onSuccess: (result) => {
      setKey(crypto.randomUUID());
      onResult(result);
    },
  });
  const send = (minor: number) =>
    refund.mutate({ params: { id: sale.id }, body: { amount_minor: minor, idempotency_key: key } });

  if (!sale.actions.can_refund) return <span className="muted">{t('transactions.payment.nothing_to_refund')}</span>;
  return (
    <Space direction="vertical" size={12}>
      <Typography.Text>
        {t('transactions.payment.refund_hint', { amount: money(refundable, sale.currency) })}
      </Typography.Text>
      <Space wrap>
        <InputNumber
          aria-label={t('transactions.payment.refund_amount')}
          min={0.01}
          max={fromMinor(refundable)}
          precision={2}
          step={1}
          value={amount}
          onChange={setAmount}
          addonAfter={sale.currency}
        />
        <Button
          type="primary"
          danger
          disabled={!amount}
          loading={refund.isPending}
          onClick={() => amount && send(toMinor(amount))}
        >
          {t('transactions.payment.refund_submit')}
        </Button>
        <Button loading={refund.isPending} onClick={() => send(refundable)}>
          {t('transactions.payment.refund_full')}
        </Button>
      </Space>
    </Space>
  );
}
