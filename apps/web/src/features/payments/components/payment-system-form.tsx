import {
  type api,
  PAYMENT_PROVIDERS,
  TEST_PROVIDER_SIMULATIONS,
  type TPaymentConnectionResult,
  type TPaymentSettings,
  type TPlatformPaymentSettings,
  ZUpdatePaymentSettings,
} from '@vitrina/contract';
import { Alert, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { WebhookUrl } from './webhook-url';

type Values = FormValues<typeof api.payment.updateSettings>;

type Props = {
  /** An organisation's settings, or the platform's (which has no webhook address yet). */
  settings: TPaymentSettings | TPlatformPaymentSettings;
  canEdit: boolean;
  isSaving: boolean;
  isTesting: boolean;
  testResult: TPaymentConnectionResult | null;
  onSave: (body: Values, onError: (error: unknown) => void) => void;
  onTest: () => void;
};

/** What the settings screen renders: the provider, its credentials (never shown in the clear), the webhook address, the test. */
export function PaymentSystemForm({ settings, canEdit, isSaving, isTesting, testResult, onSave, onTest }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch('provider', form) ?? settings.provider ?? undefined;
  const isSaved = settings.provider !== null && provider === settings.provider;
  /** A stored credential stays unless a new one is typed; the field shows which one is stored. */
  const storedHint = (masked: string | null) => (isSaved && masked ? t('payments.stored_hint', { masked }) : undefined);

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZUpdatePaymentSettings, values, form, locale, t });
    if (body) onSave(body, (error) => applyServerErrors(form, error));
  };

  return (
    <ContractForm
      form={form}
      onFinish={submit}
      disabled={!canEdit}
      initialValues={{
        provider: settings.provider ?? undefined,
        simulate: settings.simulate,
        secret_key: '',
        publishable_key: settings.publishable_key ?? '',
        webhook_secret: '',
      }}
    >
      {settings.provider === null && (
        <Alert
          type="info"
          showIcon
          title={t('payments.not_configured')}
          description={canEdit ? t('payments.choose_and_save') : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      {!canEdit && <Alert type="warning" showIcon title={t('payments.read_only')} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="provider"
        label={t('payments.provider')}
        extra={provider ? t(`payments.provider_hints.${provider}`) : undefined}
      >
        <Radio.Group
          optionType="button"
          options={PAYMENT_PROVIDERS.map((value) => ({ value, label: t(`payments.providers.${value}`) }))}
        />
      </Form.Item>
      {provider === 'stripe' && (
        <Form.Item name="secret_key" label={t('payments.secret_key')} extra={storedHint(settings.secret_key)}>
          <Input.Password
            autoComplete="off"
            placeholder={isSaved && settings.secret_key ? settings.secret_key : 'sk_live_…'}
            maxLength={256}
          />
        </Form.Item>
      )}
      {provider === 'stripe' && (
        <Form.Item
          name="publishable_key"
          label={t('payments.publishable_key')}
          extra={t('payments.publishable_key_hint')}
        >
          <Input autoComplete="off" placeholder="pk_live_…" maxLength={256} />
        </Form.Item>
      )}
      {provider === 'stripe' && (
        <Form.Item
          name="webhook_secret"
          label={t('payments.webhook_secret')}
          extra={storedHint(settings.webhook_secret)}
        >
          <Input.Password
            autoComplete="off"
            placeholder={isSaved && settings.webhook_secret ? settings.webhook_secret : 'whsec_…'}
            maxLength={256}
          />
        </Form.Item>
      )}
      {provider === 'test' && (
        <Form.Item name="simulate" label={t('payments.simulate')} extra={t('payments.simulate_hint')}>
          <Select
            options={TEST_PROVIDER_SIMULATIONS.map((value) => ({ value, label: t(`payments.simulations.${value}`) }))}
          />
        </Form.Item>
      )}
      {provider && 'webhook_urls' in settings && <WebhookUrl url={settings.webhook_urls[provider]} />}
      {/* The test ran on the saved settings: once another provider is chosen, its answer no longer applies. */}
      {testResult &&
        isSaved &&
        (testResult.ok ? (
          <Alert type="success" showIcon title={t('payments.connection_ok')} style={{ marginBottom: 16 }} />
        ) : (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('payments.system_error')}
            description={testResult.message}
            style={{ marginBottom: 16 }}
          />
        ))}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={isSaving} disabled={!canEdit || !provider}>
          {t('actions.save')}
        </Button>
        <Button onClick={onTest} loading={isTesting} disabled={!canEdit || !isSaved}>
          {t('payments.test_connection')}
        </Button>
      </Space>
    </ContractForm>
  );
}
