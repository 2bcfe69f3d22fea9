import { CopyOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
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
      {/* Wrapped, not cut off: the whole address must be readable on a phone too. */}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <code
          data-testid="webhook-url"
          style={{
            flex: 1,
            wordBreak: 'break-all',
            padding: '5px 11px',
            borderRadius: 6,
            background: 'rgba(0, 0, 0, 0.04)',
          }}
        >
          {url}
        </code>
        {/* Copying is allowed even on a read-only form. */}
        <Button icon={<CopyOutlined />} onClick={copy} disabled={false}>
          {t('payments.copy')}
        </Button>
      </div>
    </Form.Item>
  );
}
