import { EditOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion';
import { LineEditor } from '../components/line-editor';
import { SaleBonuses, SaleEvidence } from '../components/sale-evidence';
import { SaleHeader } from '../components/sale-header';
import { SaleLines } from '../components/sale-lines';
import { SaleMissing } from '../components/sale-missing';
import { SalePayments } from '../components/sale-payments';
import { SaleReceipt } from '../components/sale-receipt';
import { SaleRefunds } from '../components/sale-refunds';
import { SendToDataset } from '../components/send-to-dataset';
import { SensorCheckAlert } from '../components/sensor-check';
import { useSale } from '../components/use-sale';

export default function TransactionCardScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const { sale, isMissing } = useSale();
  const [isCorrecting, setIsCorrecting] = useState(false);
  const productsRef = useRef<HTMLDivElement>(null);
  const isReducedMotion = usePrefersReducedMotion();

  if (isMissing) return <SaleMissing />;
  if (sale.isError) return <LoadError onRetry={() => sale.refetch()} />;
  if (sale.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const item = sale.data;
  const canPay = can('show_update_transaction_page');
  const canCorrect = canPay && item.actions.can_correct;
  // The warning's way to the line editor: open it and bring it into view.
  const startCorrection = () => {
    setIsCorrecting(true);
    productsRef.current?.scrollIntoView({ behavior: isReducedMotion ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHeader
        title={t('transactions.card.title', { id: item.id })}
        extra={
          canPay && (
            <Link to={`/device/transaction/payment/${item.id}`}>
              <Button icon={<WalletOutlined />}>{t('transactions.payment_page')}</Button>
            </Link>
          )
        }
      />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {item.sensor_check && (
          <SensorCheckAlert
            check={item.sensor_check}
            onCorrect={canCorrect ? startCorrection : undefined}
            // Offered once the dispute is resolved and until it is sent; sending takes the payment page's right.
            datasetAction={canPay && <SendToDataset saleId={item.id} />}
            canOpenDataset={can('show_dataset_page')}
          />
        )}
        <Card variant="borderless" className="panel-card">
          <SaleHeader sale={item} />
        </Card>
        <Card
          ref={productsRef}
          variant="borderless"
          className="panel-card"
          // Clear of the sticky top bar (56 px) when the warning scrolls the editor into view.
          style={{ scrollMarginTop: 72 }}
          title={t('transactions.card.products')}
          extra={
            canCorrect &&
            !isCorrecting && (
              <Button icon={<EditOutlined />} onClick={() => setIsCorrecting(true)}>
                {t('transactions.correct.edit')}
              </Button>
            )
          }
        >
          {isCorrecting ? <LineEditor sale={item} onDone={() => setIsCorrecting(false)} /> : <SaleLines sale={item} />}
        </Card>
        <Card variant="borderless" className="panel-card" title={t('transactions.card.payments')}>
          <SalePayments payments={item.payments} />
        </Card>
        {item.refunds.length > 0 && (
          <Card variant="borderless" className="panel-card" title={t('transactions.refunds.title')}>
            <SaleRefunds sale={item} />
          </Card>
        )}
        {item.bonuses.length > 0 && (
          <Card variant="borderless" className="panel-card" title={t('transactions.card.bonuses')}>
            <SaleBonuses sale={item} />
          </Card>
        )}
        <Card variant="borderless" className="panel-card" title={t('transactions.receipt.title')}>
          <SaleReceipt sale={item} />
        </Card>
        <Card variant="borderless" className="panel-card" title={t('transactions.card.evidence')}>
          <SaleEvidence sale={item} />
        </Card>
      </Space>
    </>
  );
}
