import { api, ZUpdateThresholds } from '@vitrina/contract';
import { Button, Card, Form, InputNumber, Select, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FILTER_SELECT } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { readNumber, useUrlQuery } from '../../../lib/url-query';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { useOrganizationAccess } from '../components/use-organization';

/** The organisation is the page's (`?org_id=`), not a field. */
type Values = Partial<Omit<FormValues<typeof api.micromarket.updateThresholds>, 'org_id'>>;

const parse = (params: URLSearchParams) => ({ org_id: readNumber(params, 'org_id') });
const FILTERS = ['org_id'] as const;

/** One number of the form, with its unit and what it does. */
function ThresholdField(props: { name: keyof Values; unit: string; step?: number; isReadOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={props.name}
      label={t(`fleet.thresholds.fields.${props.name}`)}
      extra={t(`fleet.thresholds.hints.${props.name}`)}
    >
      <InputNumber
        step={props.step ?? 1}
        suffix={props.unit}
        disabled={props.isReadOnly}
        style={{ width: 180 }}
        aria-label={t(`fleet.thresholds.fields.${props.name}`)}
      />
    </Form.Item>
  );
}

/**
 * The limits the technical alerts and the food-safety lock apply to an organisation's
 * fridges: temperature range, minutes above it before the lock, the door's timeout, the
 * weight tolerance. Viewed with the fleet, changed with edit_devices on an editable organisation.
 */
export default function FleetThresholdsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const { query, update } = useUrlQuery({ parse, filters: FILTERS });
  const organizations = useOrganizationOptions();
  const { canEdit } = useOrganizationAccess();
  const thresholds = useEndpoint(api.micromarket.thresholds, { query: query.org_id ? { org_id: query.org_id } : {} });
  const save = useEndpointMutation(api.micromarket.updateThresholds);
  const data = thresholds.data;

  useEffect(() => {
    if (!data) return;
    const { org_id: _org, is_default: _default, ...values } = data;
    form.resetFields();
    form.setFieldsValue(values);
  }, [data, form]);

  if (thresholds.isError) return <LoadError onRetry={() => thresholds.refetch()} />;
  const orgId = data?.org_id;
  const isEditable = orgId !== undefined && canEdit(orgId);
  const orgItems = organizations.data?.items ?? [];

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZUpdateThresholds, values: { ...values, org_id: orgId }, form, locale, t });
    if (!body) return;
    save.mutate(
      { body },
      {
        onSuccess: () => getMessage().success(t('common.saved')),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('menu.fleet_thresholds')}
        extra={
          orgItems.length > 1 && (
            <Select
              {...FILTER_SELECT}
              allowClear={false}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('fields.organization')}
              value={orgId}
              onChange={(value: number) => update({ org_id: value })}
              options={orgItems.map((org) => ({ value: org.id, label: org.name }))}
            />
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <p className="muted" style={{ marginTop: 0 }}>
          {t('fleet.thresholds.intro')}
        </p>
        {!data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <ContractForm form={form} onFinish={submit} style={{ maxWidth: 560 }}>
            <div style={{ marginBottom: 16 }}>
              <Tag color={data.is_default ? 'default' : 'blue'}>
                {t(data.is_default ? 'fleet.thresholds.is_default' : 'fleet.thresholds.is_own')}
              </Tag>
              {!isEditable && <span className="muted">{t('fleet.thresholds.view_only')}</span>}
            </div>
            <h3>{t('fleet.thresholds.sections.temperature')}</h3>
            <ThresholdField name="temperature_min" unit="°C" step={0.5} isReadOnly={!isEditable} />
            <ThresholdField name="temperature_max" unit="°C" step={0.5} isReadOnly={!isEditable} />
            <ThresholdField
              name="lock_after_minutes"
              unit={t('fleet.thresholds.units.minutes')}
              isReadOnly={!isEditable}
            />
            <h3>{t('fleet.thresholds.sections.door_weight')}</h3>
            <ThresholdField
              name="door_open_timeout_seconds"
              unit={t('fleet.thresholds.units.seconds')}
              isReadOnly={!isEditable}
            />
            <ThresholdField
              name="weight_tolerance_grams"
              unit={t('fleet.thresholds.units.grams')}
              isReadOnly={!isEditable}
            />
            {isEditable && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('actions.save')}
              </Button>
            )}
          </ContractForm>
        )}
      </Card>
    </>
  );
}
