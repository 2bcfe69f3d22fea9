import { DeleteOutlined } from '@ant-design/icons';
import type { TOrganizationCardAnswer } from '@vitrina/contract';
import { Alert, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { card: NonNullable<TOrganizationCardAnswer['card']>; onRemove: () => void };

/** The saved subscription card: brand, last digits, expiry; one of a payment system no longer in use says so. */
export function SavedCard({ card, onRemove }: Props) {
  const { t } = useTranslation();
  const expires =
    card.exp_month && card.exp_year
      ? t('cards.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })
      : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="saved-card">
      <Space wrap>
        <Tag color={card.needs_readding ? 'default' : 'blue'}>{card.brand.toUpperCase()}</Tag>
        <Typography.Text strong>•••• {card.last4}</Typography.Text>
        {expires && <Typography.Text type="secondary">{expires}</Typography.Text>}
        {/* Removing detaches the card at the provider: asked first, like every irreversible action. */}
        <Popconfirm
          title={t('subscriptions.remove_card_confirm')}
          okText={t('subscriptions.remove_card_ok')}
          okButtonProps={{ danger: true }}
          cancelText={t('actions.cancel')}
          onConfirm={onRemove}
        >
          <Button danger size="small" icon={<DeleteOutlined />}>
            {t('subscriptions.remove_card')}
          </Button>
        </Popconfirm>
      </Space>
      {card.needs_readding && <Alert type="warning" showIcon title={t('cards.needs_readding')} />}
    </Space>
  );
}
