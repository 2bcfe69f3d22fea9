import { api, type TTransactionCard } from '@vitrina/contract';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { FiscalReceiptList } from './fiscal-receipt-list';

/**
 * The row actions "receipt" and "fiscal receipt" (§2) as a section of the card: the public
 * receipt and its PDF once the sale is paid, every fiscal receipt of the sale (its own, a
 * return per refund, the correction of a reversed refund's return) with its state, and
 * "register now" for a sale receipt whose retries ran out or that was never queued.
 */
export function SaleReceipt({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  const receipt = useEndpoint(api.receipt.transactionReceipt, { params: { id: sale.id } });
  const retry = useEndpointMutation(api.receipt.retryFiscal);
  if (receipt.isError) return <LoadError onRetry={() => receipt.refetch()} />;
  if (receipt.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const { receipt_url, pdf_url, fiscal_required, fiscal, receipts } = receipt.data;
  const canRegister = receipt_url !== null && fiscal_required && (fiscal === null || fiscal.status === 'failed');
  const registerNow = canRegister && (
    <Button loading={retry.isPending} onClick={() => retry.mutate({ params: { id: sale.id } })}>
      {t('transactions.receipt.register_now')}
    </Button>
  );

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {receipt_url ? (
        <Space wrap>
          <Typography.Link href={receipt_url} target="_blank" rel="noopener noreferrer">
            {t('transactions.receipt.open')}
          </Typography.Link>
          {pdf_url && (
            <Typography.Link href={pdf_url} target="_blank" rel="noopener noreferrer">
              {t('transactions.receipt.pdf')}
            </Typography.Link>
          )}
        </Space>
      ) : (
        <span className="muted">{t('transactions.receipt.not_paid')}</span>
      )}
      {!fiscal_required && <span className="muted">{t('transactions.receipt.fiscal_off')}</span>}
      {(fiscal_required || receipts.length > 0) && (
        <FiscalReceiptList
          receipts={receipts}
          currency={sale.currency}
          isSaleUnqueued={fiscal_required && fiscal === null}
          saleAction={registerNow}
        />
      )}
    </Space>
  );
}
