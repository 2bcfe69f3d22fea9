import type { TPushPreview } from '@vitrina/contract';
import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatOnOrgClock } from './push-time';

/** The message as a phone shows it, and, once counted, who it reaches and when. */
export function PushPreviewPanel({
  title,
  body,
  preview,
}: {
  title: string;
  body: string;
  preview: TPushPreview | null;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <figure className="push-phone" aria-label={t('push.phone_preview')}>
        <strong>{title || t('push.title')}</strong>
        <span>{body || t('push.body')}</span>
      </figure>
      {preview ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('push.preview_recipients')}>
            <strong data-testid="push-recipients">{preview.recipients}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('push.preview_over_limit')}>{preview.over_limit}</Descriptions.Item>
          <Descriptions.Item label={t('push.preview_send_at')}>
            {formatOnOrgClock(preview.send_at, preview.time_zone)}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <p className="muted">{t('push.preview_hint')}</p>
      )}
    </Space>
  );
}
