import { api, type TTransactionCard } from '@vitrina/contract';
import { Button, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';

const FISCAL_COLORS = { pending: 'blue', ready: 'green', failed: 'red' } as const;

/**
 * The row actions "receipt" and "fiscal receipt" (§2) as a section of the card: the public
 * receipt and its PDF once the sale is paid, the fiscal receipt's state, and "register now"
 * for one whose retries ran out or that was never queued.
 */
export function SaleReceipt({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  const receipt = useEndpoint(api.receipt.transactionReceipt, { params: { id: sale.id } });
  const retry = useEndpointMutation(api.receipt.retryFiscal);
  if (receipt.isError) return <LoadError onRetry={() => receipt.refetch()} />;
  if (receipt.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const { receipt_url, pdf_url, fiscal_required, fiscal } = receipt.data;
  const canRegister = receipt_url !== null && fiscal_required && (fiscal === null || fiscal.status === 'failed');

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {receipt_url ? (
        <Space wrap>
          <Typography.Link href={receipt_url} target="_blank" rel="noreferrer">
            {t('transactions.receipt.open')}
          </Typography.Link>
          {pdf_url && (
            <Typography.Link href={pdf_url} target="_blank" rel="noreferrer">
              {t('transactions.receipt.pdf')}
            </Typography.Link>
          )}
        </Space>
      ) : (
        <span className="muted">{t('transactions.receipt.not_paid')}</span>
      )}
      {!fiscal_required ? (
        <span className="muted">{t('transactions.receipt.fiscal_off')}</span>
      ) : (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('transactions.receipt.fiscal')}>
            {fiscal ? (
              <Space wrap size={[8, 4]}>
                <Tag color={FISCAL_COLORS[fiscal.status]}>{t(`transactions.receipt.status.${fiscal.status}`)}</Tag>
                <span className="muted">{t('transactions.receipt.attempts', { count: fiscal.attempts })}</span>
              </Space>
            ) : (
              <span className="muted">{t('transactions.receipt.not_queued')}</span>
            )}
          </Descriptions.Item>
          {fiscal?.problem && (
            <Descriptions.Item label={t('transactions.receipt.problem')}>{fiscal.problem}</Descriptions.Item>
          )}
          {fiscal?.document && (
            <Descriptions.Item label={t('transactions.receipt.document')}>
              {`${[fiscal.document.number, fiscal.document.fiscal_sign, formatDateUtc(fiscal.document.registered_at)]
                .filter(Boolean)
                .join(' · ')} `}
              <Typography.Link href={fiscal.document.url} target="_blank" rel="noreferrer">
                {t('transactions.receipt.check')}
              </Typography.Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {canRegister && (
        <Button loading={retry.isPending} onClick={() => retry.mutate({ params: { id: sale.id } })}>
          {t('transactions.receipt.register_now')}
        </Button>
      )}
    </Space>
  );
}
