import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Lets the operator hand the registration link over when mail is not delivered. */
export function InvitationLinkModal({ link, onClose }: { link: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('users.invitation_title')}
      open={link !== null}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('actions.done')}
    >
      <Alert type="success" showIcon title={t('users.invitation_text')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{ text: link ?? '', tooltips: [t('actions.copy'), t('actions.copied')] }}
        code
        style={{ wordBreak: 'break-all' }}
      >
        {link}
      </Typography.Paragraph>
    </Modal>
  );
}
