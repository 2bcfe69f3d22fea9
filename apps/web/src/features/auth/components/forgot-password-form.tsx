import { MailOutlined } from '@ant-design/icons';
import { api, ZResetRequestBody } from '@vitrina/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<{ email: string }>();
  // A signed-out page: a reset request changes nothing it shows, so there is no area to refresh.
  const request = useEndpointMutation(api.auth.requestPasswordReset, { isInvalidating: false });

  const submit = (values: { email: string }) => {
    const body = parseForm({ schema: ZResetRequestBody, values, form, locale, t });
    if (body) request.mutate({ body });
  };

  if (request.isSuccess) {
    return (
      <>
        <Alert type="success" showIcon title={t('auth.reset_sent')} style={{ marginBottom: 16 }} />
        <Button block onClick={onBack}>
          {t('auth.back_to_login')}
        </Button>
      </>
    );
  }

  return (
    <ContractForm form={form} onFinish={submit}>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.55)' }}>{t('auth.forgot_hint')}</p>
      <Form.Item name="email" label={t('fields.email')} required>
        <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={request.isPending}>
        {t('auth.send_link')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('auth.back_to_login')}
      </Button>
    </ContractForm>
  );
}
