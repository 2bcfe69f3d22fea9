import {
  api,
  FISCAL_PROVIDERS,
  FISCAL_TEST_DELAY_MAX_SECONDS,
  type TFiscalConnectionResult,
  type TFiscalSettings,
  type TUpdateFiscalSettings,
  ZUpdateFiscalSettings,
} from '@vitrina/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { LoadError } from '../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { FiscalCheckboxFields } from './fiscal-checkbox-fields';

/** What the form starts from: secrets empty (an empty one keeps the stored one), the rest as stored. */
const initialValuesOf = (data: TFiscalSettings): Partial<TUpdateFiscalSettings> => ({
  provider: data.provider ?? undefined,
  api_key: '',
  cashier_login: data.cashier_login ?? '',
  cashier_password: '',
  cashier_pin: '',
  tax_codes: data.tax_codes,
  shift_close_time: data.shift_close_time,
  delay_seconds: data.delay_seconds,
});

/** The connection test's answer, for the saved settings it ran on. */
function ConnectionResult({ result }: { result: TFiscalConnectionResult }) {
  const { t } = useTranslation();
  return result.ok ? (
    <Alert type="success" showIcon title={t('payments.connection_ok')} style={{ marginBottom: 16 }} />
  ) : (
    <Alert type="error" showIcon role="alert" title={result.message} style={{ marginBottom: 16 }} />
  );
}

/**
 * The organisation's fiscal provider beside its payment system (same permissions): the
 * provider and its credentials (never shown in the clear), Checkbox's cashier, tax groups and
 * nightly close, the test provider's delay, the shift and why it could not be opened.
 */
export function FiscalSettingsCard({ orgId, canEdit }: { orgId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<TUpdateFiscalSettings>();
  const settings = useEndpoint(api.fiscal.settings, { params: { org_id: orgId } });
  const update = useEndpointMutation(api.fiscal.updateSettings, { alsoInvalidates: ['receipts'] });
  const test = useEndpointMutation(api.fiscal.testConnection, { alsoInvalidates: ['receipts'] });
  const open = useEndpointMutation(api.fiscal.openShift, { alsoInvalidates: ['receipts'] });
  const close = useEndpointMutation(api.fiscal.closeShift, { alsoInvalidates: ['receipts'] });
  const [testResult, setTestResult] = useState<TFiscalConnectionResult | null>(null);
  const chosen = Form.useWatch('provider', form);
  const data = settings.data;
  const provider = chosen ?? data?.provider ?? null;

  const submit = (values: TUpdateFiscalSettings) => {
    const body = parseForm({ schema: ZUpdateFiscalSettings, values, form, locale, t });
    if (!body) return;
    setTestResult(null);
    update.mutate(
      { params: { org_id: orgId }, body },
      {
        onSuccess: () => getMessage().success(t('common.saved')),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Card style={{ maxWidth: 760 }}>
      {settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <ContractForm
          key={`${orgId}-${data.updated_at ?? 'new'}`}
          form={form}
          onFinish={submit}
          disabled={!canEdit}
          initialValues={initialValuesOf(data)}
        >
          {data.provider === null && (
            <Alert type="info" showIcon title={t('fiscal.not_configured')} style={{ marginBottom: 16 }} />
          )}
          {data.shift_problem && (
            <Alert
              type="warning"
              showIcon
              title={data.shift_problem}
              description={t('fiscal.shift_problem_hint')}
              style={{ marginBottom: 16 }}
              data-testid="fiscal-shift-problem"
            />
          )}
          <Form.Item
            name="provider"
            label={t('fiscal.provider')}
            extra={provider ? t(`fiscal.provider_hints.${provider}`) : undefined}
          >
            <Radio.Group
              optionType="button"
              options={FISCAL_PROVIDERS.map((value) => ({ value, label: t(`fiscal.providers.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="api_key"
            label={t(provider === 'checkbox' ? 'fiscal.license_key' : 'fiscal.api_key')}
            extra={data.api_key ? t('fiscal.stored_hint', { masked: data.api_key }) : undefined}
          >
            <Input.Password autoComplete="off" placeholder={data.api_key ?? ''} maxLength={256} />
          </Form.Item>
          {provider === 'checkbox' && <FiscalCheckboxFields settings={data} />}
          {provider === 'test' && (
            <Form.Item name="delay_seconds" label={t('fiscal.delay_seconds')} extra={t('fiscal.delay_hint')}>
              <InputNumber min={0} max={FISCAL_TEST_DELAY_MAX_SECONDS} inputMode="numeric" />
            </Form.Item>
          )}
          {testResult && data.provider === provider && <ConnectionResult result={testResult} />}
          <Space wrap align="center">
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!canEdit}>
              {t('actions.save')}
            </Button>
            <Button
              onClick={() =>
                test.mutate(
                  { params: { org_id: orgId } },
                  { onSuccess: setTestResult, onError: () => setTestResult(null) },
                )
              }
              loading={test.isPending}
              disabled={!canEdit || data.provider === null}
            >
              {t('payments.test_connection')}
            </Button>
            <Tag color={data.shift_open ? 'success' : 'default'} data-testid="fiscal-shift">
              {t(data.shift_open ? 'fiscal.shift_open' : 'fiscal.shift_closed')}
            </Tag>
            <Button
              onClick={() => (data.shift_open ? close : open).mutate({ params: { org_id: orgId } })}
              loading={open.isPending || close.isPending}
              disabled={!canEdit || data.provider === null}
            >
              {t(data.shift_open ? 'fiscal.close_shift' : 'fiscal.open_shift')}
            </Button>
          </Space>
        </ContractForm>
      )}
    </Card>
  );
}
