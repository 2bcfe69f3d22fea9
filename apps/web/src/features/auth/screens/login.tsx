import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { type api, type EndpointInput, PRODUCT_NAME } from '@vitrina/contract';
import { Button, Form } from 'antd';
// The two inputs the page uses, not antd's Input index, which brings TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ContractForm } from '../../../components/contract-form';
import { PageSpinner } from '../../../components/page-spinner';
import { callEndpoint, type EndpointAddress } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useResolveLanding } from '../../../lib/landing';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { signIn } from '../../../lib/session-cookies';
import { useLocale } from '../../../lib/use-locale';
import { type LoginValues, quickLoginBody } from '../login-check';
import { safeRedirect } from '../safe-redirect';

/** By address, so the page needs neither zod nor the contract's schemas to show (see EndpointAddress). */
const LOGIN: EndpointAddress<typeof api.auth.login> = { method: 'POST', path: '/v1/user/login', tag: 'auth' };

// zod, the login schema and the contract's messages, fetched only for input the quick check refuses.
const loadValidation = () => import('../components/login-validation');

// Few visitors open it, so its alert and form load on the click, not with the login page.
const ForgotPasswordForm = lazy(() =>
  import('../components/forgot-password-form').then((module) => ({ default: module.ForgotPasswordForm })),
);

export default function LoginScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams] = useLiveSearchParams();
  const resolveLanding = useResolveLanding();
  const [form] = Form.useForm<LoginValues>();
  const [isForgot, setForgot] = useState(false);
  // A 401 here means wrong credentials, so the client must not reload the page.
  const login = useMutation({
    mutationFn: (input: EndpointInput<typeof api.auth.login>) =>
      callEndpoint(LOGIN, input, { isCredentialCheck: true }),
  });

  const submit = async (values: LoginValues) => {
    const body = quickLoginBody(values) ?? (await loadValidation()).validateLogin({ values, form, locale, t });
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
        <Suspense fallback={<PageSpinner />}>
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        </Suspense>
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
          <Password prefix={<LockOutlined />} autoComplete="current-password" />
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
