import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useMoney } from './use-money';

/** What the operator is about to refund, exactly as it is sent. */
export type RefundPreview = {
  currency: string;
  /** Empty for a refund by amount. */
  lines: { id: number; name: string; quantity: number; sumMinor: number }[];
  totalMinor: number;
  /** The lines are worth more than is left to refund (bonuses paid a part): the total is what is left. */
  isCapped: boolean;
  reason: string;
};

type Props = { preview: RefundPreview | null; isSending: boolean; onConfirm: () => void; onCancel: () => void };

/** The refund asks first: the products and the total in the sale's currency, and the reason. */
export function RefundConfirm({ preview, isSending, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const isMobile = useIsMobile();
  const total = preview ? money(preview.totalMinor, preview.currency) : '';
  return (
    <Modal
      open={preview !== null}
      title={t('transactions.refund.confirm_title')}
      okText={t('transactions.refund.confirm_ok', { amount: total })}
      okButtonProps={{ danger: true }}
      cancelText={t('transactions.refund.confirm_back')}
      confirmLoading={isSending}
      onOk={onConfirm}
      onCancel={onCancel}
      width={isMobile ? '100%' : 520}
      destroyOnHidden
    >
      {preview && (
        <>
          {preview.lines.length > 0 ? (
            <ul className="refund-confirm__lines" aria-label={t('transactions.refund.confirm_lines')}>
              {preview.lines.map((line) => (
                <li key={line.id}>
                  <span>{t('transactions.refunds.line', { name: line.name, quantity: line.quantity })}</span>
                  <span>{money(line.sumMinor, preview.currency)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Paragraph>{t('transactions.refund.confirm_by_amount')}</Typography.Paragraph>
          )}
          <div className="refund-confirm__total">
            <span>{t('transactions.refund.total')}</span>
            <strong>{total}</strong>
          </div>
          {preview.isCapped && (
            <Typography.Paragraph type="secondary">
              {t('transactions.refund.capped', { amount: total })}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph>
            <Typography.Text type="secondary">{t('transactions.refund.reason')}: </Typography.Text>
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.reason}</span>
          </Typography.Paragraph>
          <Alert type="warning" showIcon message={t('transactions.refund.confirm_warning')} />
        </>
      )}
    </Modal>
  );
}
