import { CopyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMessage } from '../../../lib/notify';

/** The address to paste into the provider's dashboard, read-only, with a copy button. */
export function WebhookUrl({ url }: { url: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    getMessage().success(t('payments.copied'));
  };
  return (
    <Form.Item label={t('payments.webhook_url')} extra={t('payments.webhook_url_hint')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url} aria-label={t('payments.webhook_url')} data-testid="webhook-url" />
        {/* Copying is allowed even on a read-only form. */}
        <Button icon={<CopyOutlined />} onClick={copy} disabled={false} aria-label={t('payments.copy')}>
          {t('payments.copy')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
