import { api, ZResetPasswordBody } from '@vitrina/contract';
import { Button, Form, Input, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ContractForm } from '../../../components/contract-form';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { InvalidLink } from '../components/invalid-link';

type Values = FormValues<typeof api.auth.resetPassword>;

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const tokenInfo = useEndpoint(api.auth.resetToken, { params: { token } });
  // Not an area refresh: re-checking the link this call has just used up would show it as invalid.
  const reset = useEndpointMutation(api.auth.resetPassword, { isInvalidating: false });
  const [form] = Form.useForm<Values>();

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZResetPasswordBody, values, form, locale, t });
    if (body) reset.mutate({ params: { token }, body }, { onError: (error) => applyServerErrors(form, error) });
  };

  return (
    <AuthCard title={t('auth.reset_title')} subtitle={tokenInfo.data?.email}>
      {tokenInfo.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {tokenInfo.isError && <InvalidLink error={tokenInfo.error} />}
      {tokenInfo.data && reset.isSuccess && (
        <Result
          status="success"
          title={t('auth.reset_done')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('auth.sign_in')}
            </Button>
          }
          style={{ padding: '8px 0' }}
        />
      )}
      {tokenInfo.data && !reset.isSuccess && (
        <ContractForm form={form} onFinish={submit}>
          <Form.Item name="password" label={t('fields.new_password')} required extra={t('auth.password_hint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password_confirmation" label={t('fields.password_confirmation')} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            {t('auth.save_password')}
          </Button>
        </ContractForm>
      )}
    </AuthCard>
  );
}
