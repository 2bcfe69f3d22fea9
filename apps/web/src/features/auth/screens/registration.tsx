import { api, ZRegistrationBody } from '@vitrina/contract';
import { Button, Checkbox, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ContractForm } from '../../../components/contract-form';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { useResolveLanding } from '../../../lib/landing';
import { signIn } from '../../../lib/session-cookies';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { InvalidLink } from '../components/invalid-link';

/** The invitation's token comes from the link; the terms box starts unticked, though only a ticked one is sent. */
type Values = Omit<FormValues<typeof api.auth.register>, 'token' | 'terms_agreed'> & { terms_agreed: boolean };

export default function RegistrationScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const resolveLanding = useResolveLanding();
  const token = useParams().token ?? '';
  const invitation = useEndpoint(api.auth.invitation, { params: { token } });
  // Not an area refresh: that would re-check the invitation this call has just used up.
  const register = useEndpointMutation(api.auth.register, { isInvalidating: false });
  const [form] = Form.useForm<Values>();

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZRegistrationBody, values: { ...values, token }, form, locale, t });
    if (!body) return;
    register.mutate(
      { body },
      {
        onSuccess: (answer) => {
          signIn(answer);
          navigate(resolveLanding(answer.default_page), { replace: true });
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <AuthCard title={t('auth.registration_title')} subtitle={t('auth.registration_subtitle')}>
      {invitation.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {invitation.isError && <InvalidLink error={invitation.error} />}
      {invitation.data && (
        <ContractForm
          form={form}
          onFinish={submit}
          initialValues={{ name: invitation.data.name, email: invitation.data.email, terms_agreed: false }}
        >
          <Form.Item name="name" label={t('fields.name')} required>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} required>
            <Input autoComplete="email" inputMode="email" />
          </Form.Item>
          <Form.Item name="password" label={t('fields.password')} required extra={t('auth.password_hint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password_confirmation" label={t('fields.password_confirmation')} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="terms_agreed" valuePropName="checked">
            <Checkbox>
              {t('auth.agree_prefix')} <Link to="/terms">{t('layout.terms')}</Link>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
            {t('auth.create_account')}
          </Button>
        </ContractForm>
      )}
    </AuthCard>
  );
}
