import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMessage } from '../../../lib/notify';

/** The private token, shown this once: only its hash is kept, so closing the modal loses it. */
export function TokenModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!token) return;
    await navigator.clipboard?.writeText(token).catch(() => undefined);
    getMessage().success(t('actions.copied'));
  };
  return (
    <Modal
      open={token !== null}
      title={t('devices.token.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('devices.token.saved_it')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('devices.token.shown_once')} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={token ?? ''} aria-label={t('devices.token.label')} style={{ fontFamily: 'monospace' }} />
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('actions.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
