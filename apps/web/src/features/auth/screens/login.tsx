import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { api, PRODUCT_NAME, ZLoginBody } from '@vitrina/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ContractForm } from '../../../components/contract-form';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useResolveLanding } from '../../../lib/landing';
import { signIn } from '../../../lib/session-cookies';
import { useLocale } from '../../../lib/use-locale';
import { applyServerErrors, parseForm } from '../../../lib/zod-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { safeRedirect } from '../safe-redirect';

type LoginValues = { email: string; password: string };

export default function LoginScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resolveLanding = useResolveLanding();
  const [form] = Form.useForm<LoginValues>();
  const [isForgot, setForgot] = useState(false);
  // A 401 here means wrong credentials, so the client must not reload the page. No area
  // refresh: signing in replaces the session, and signIn clears the whole cache.
  const login = useEndpointMutation(api.auth.login, { call: { isCredentialCheck: true }, isInvalidating: false });

  const submit = (values: LoginValues) => {
    const body = parseForm({ schema: ZLoginBody, values, form, locale, t });
    if (!body) return;
    login.mutate(
      { body },
      {
        onSuccess: (answer) => {
          signIn(answer);
          navigate(safeRedirect(searchParams.get('redirect')) ?? resolveLanding(answer.default_page), {
            replace: true,
          });
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  if (isForgot) {
    return (
      <AuthCard title={t('auth.forgot_title')}>
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.login_title', { product: PRODUCT_NAME })}>
      <ContractForm form={form} onFinish={submit} size="large">
        <Form.Item name="email" label={t('fields.email')} required>
          <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} required style={{ marginBottom: 8 }}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginBottom: 16 }}>
          <Button type="link" size="small" onClick={() => setForgot(true)} style={{ padding: 0 }}>
            {t('auth.forgot_link')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.sign_in')}
        </Button>
      </ContractForm>
    </AuthCard>
  );
}
