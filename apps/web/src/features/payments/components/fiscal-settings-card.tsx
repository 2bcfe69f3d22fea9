import {
  api,
  FISCAL_PROVIDERS,
  FISCAL_TEST_DELAY_MAX_SECONDS,
  type TUpdateFiscalSettings,
  ZUpdateFiscalSettings,
} from '@vitrina/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { LoadError } from '../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';

/**
 * The organisation's fiscal provider beside its payment system (same permissions): the
 * provider, its key (never shown in the clear), the test provider's delay and the shift.
 */
export function FiscalSettingsCard({ orgId, canEdit }: { orgId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<TUpdateFiscalSettings>();
  const settings = useEndpoint(api.receipt.fiscalSettings, { params: { org_id: orgId } });
  const update = useEndpointMutation(api.receipt.updateFiscalSettings);
  const open = useEndpointMutation(api.receipt.openShift);
  const close = useEndpointMutation(api.receipt.closeShift);
  const data = settings.data;

  const submit = (values: TUpdateFiscalSettings) => {
    const body = parseForm({ schema: ZUpdateFiscalSettings, values, form, locale, t });
    if (!body) return;
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
          initialValues={{ provider: data.provider ?? undefined, api_key: '', delay_seconds: data.delay_seconds }}
        >
          {data.provider === null && (
            <Alert type="info" showIcon title={t('fiscal.not_configured')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="provider" label={t('fiscal.provider')} extra={t('fiscal.provider_hint')}>
            <Radio.Group
              optionType="button"
              options={FISCAL_PROVIDERS.map((value) => ({ value, label: t(`fiscal.providers.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="api_key"
            label={t('fiscal.api_key')}
            extra={data.api_key ? t('fiscal.stored_hint', { masked: data.api_key }) : undefined}
          >
            <Input.Password autoComplete="off" placeholder={data.api_key ?? ''} maxLength={256} />
          </Form.Item>
          <Form.Item name="delay_seconds" label={t('fiscal.delay_seconds')} extra={t('fiscal.delay_hint')}>
            <InputNumber min={0} max={FISCAL_TEST_DELAY_MAX_SECONDS} inputMode="numeric" />
          </Form.Item>
          <Space wrap align="center">
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!canEdit}>
              {t('actions.save')}
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
