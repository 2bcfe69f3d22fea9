import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, type TTransactionCard } from '@vitrina/contract';
import { Alert, Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductPicker } from '../../../components/product-picker';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';

type Draft = { key: string; id?: number; product_id?: number; name?: string; quantity: number };

const draftsOf = (sale: TTransactionCard): Draft[] =>
  sale.lines.map((line) => ({
    key: `line-${line.id}`,
    id: line.id,
    product_id: line.product_id ?? undefined,
    name: line.name,
    quantity: line.quantity,
  }));

let nextKey = 0;

/**
 * The operator's count of a sale (manual check, incorrectly counted products): products
 * added, removed or re-counted, then confirmed; the server prices it and takes the payment.
 */
export function LineEditor({ sale, onDone }: { sale: TTransactionCard; onDone: () => void }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[]>(() => draftsOf(sale));
  const correct = useEndpointMutation(api.transaction.correct, {
    onSuccess: () => {
      getMessage().success(t('transactions.correct.done'));
      onDone();
    },
  });
  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const isComplete = drafts.every((draft) => draft.product_id !== undefined && draft.quantity >= 1);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={sale.status === 2 ? t('transactions.correct.hint_manual') : t('transactions.correct.hint_not_paid')}
      />
      {drafts.map((draft, index) => (
        <Space key={draft.key} wrap>
          <ProductPicker
            aria-label={`${t('transactions.lines.product')} ${index + 1}`}
            className="list-filters__select"
            orgId={sale.org_id}
            value={draft.product_id}
            onChange={(product_id) => change(draft.key, { product_id })}
          />
          <InputNumber
            aria-label={`${t('transactions.lines.quantity')} ${index + 1}`}
            min={1}
            precision={0}
            value={draft.quantity}
            onChange={(value) => change(draft.key, { quantity: value ?? 1 })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${t('transactions.correct.remove')} ${index + 1}`}
            onClick={() => setDrafts((list) => list.filter((item) => item.key !== draft.key))}
          />
        </Space>
      ))}
      <Space wrap>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setDrafts((list) => [...list, { key: `new-${nextKey++}`, quantity: 1 }])}
        >
          {t('transactions.correct.add_line')}
        </Button>
        <Button
          type="primary"
          disabled={!isComplete}
          loading={correct.isPending}
          onClick={() =>
            correct.mutate({
              params: { id: sale.id },
              body: {
                lines: drafts.map((draft) => ({
                  ...(draft.id === undefined ? {} : { id: draft.id }),
                  product_id: draft.product_id!,
                  quantity: draft.quantity,
                })),
              },
            })
          }
        >
          {t('transactions.correct.confirm')}
        </Button>
        <Button onClick={onDone}>{t('transactions.correct.cancel')}</Button>
      </Space>
    </Space>
  );
}
