import type { Currency, TBonusPromotionPreview } from '@vitrina/contract';
import { Button, Card, Descriptions, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';

type Props = { preview: TBonusPromotionPreview | null; isPending: boolean; onRun: () => void };

/** The preview beside the form: who the promotion reaches and what it would have paid, asked for on demand. */
export function PromotionPreviewCard({ preview, isPending, onRun }: Props) {
  const { t } = useTranslation();
  return (
    <Card
      variant="borderless"
      className="panel-card"
      title={t('promotions.preview')}
      extra={
        <Button onClick={onRun} loading={isPending}>
          {t('promotions.preview_run')}
        </Button>
      }
    >
      <PreviewPanel preview={preview} />
    </Card>
  );
}

function PreviewPanel({ preview }: { preview: TBonusPromotionPreview | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!preview) return <p className="muted">{t('promotions.preview_hint')}</p>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('promotions.preview_customers')}>{preview.customers}</Descriptions.Item>
        <Descriptions.Item label={t('promotions.preview_sales', { days: preview.days })}>
          {preview.sales}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotions.preview_would_pay', { days: preview.days })}>
          <strong data-testid="preview-would-pay">
            {formatMoney(preview.would_pay, { currency: preview.currency as Currency, locale })}
          </strong>
        </Descriptions.Item>
      </Descriptions>
      {preview.sample.length > 0 && (
        <List
          size="small"
          header={t('promotions.preview_sample')}
          dataSource={preview.sample}
          renderItem={(c) => (
            <List.Item>
              {c.name} <span className="muted">{c.email}</span>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
