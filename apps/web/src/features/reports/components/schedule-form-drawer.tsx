import {
  api,
  REPORT_FREQUENCIES,
  REPORT_GROUPINGS,
  REPORT_MAIL_FORMATS,
  type TReportSubscription,
} from '@vitrina/contract';
import { Form, InputNumber, Radio, Select, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

/** Every control holds a value: the form fills the defaults. */
type Values = Required<FormValues<typeof api.report.createSubscription>>;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The browser's zone, which is what "my clock" means to the person filling in the form. */
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([ownTimeZone(), 'UTC', ...zones])];
}

type Props = { subscription: TReportSubscription | 'new' | null; onClose: () => void };

/** Create or change a scheduled report: what it groups by, how often, at which hour on whose clock, in what form. */
export function ScheduleFormDrawer({ subscription, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const organizations = useOrganizationOptions();
  const zones = useMemo(timeZones, []);
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.report.createSubscription,
    update: api.report.updateSubscription,
    id: subscription !== null && subscription !== 'new' ? subscription.id : null,
    onSaved: onClose,
  });

  useEffect(() => {
    if (subscription === 'new') {
      form.setFieldsValue({
        frequency: 'daily',
        group_by: 'micromarket',
        format: 'inline',
        org_ids: [],
        top: null,
        time_zone: ownTimeZone(),
        hour: 7,
        active: true,
      });
    } else if (subscription) {
      const { id: _id, last_period: _period, last_sent_at: _sent, created_at: _created, ...values } = subscription;
      form.setFieldsValue(values);
    }
  }, [subscription, form]);

  return (
    <FormDrawer
      title={isEdit ? t('reports.schedules.edit_title') : t('reports.schedules.new_title')}
      isOpen={subscription !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={480}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={save} preserve={false}>
        <Form.Item name="group_by" label={t('reports.group_by')}>
          <Select options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`reports.groupings.${value}`) }))} />
        </Form.Item>
        <Form.Item name="frequency" label={t('reports.schedules.frequency')}>
          <Radio.Group
            options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`reports.schedules.frequencies.${value}`) }))}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item name="hour" label={t('reports.schedules.hour')} style={{ minWidth: 110 }}>
            <Select options={HOURS.map((hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }))} />
          </Form.Item>
          <Form.Item name="time_zone" label={t('reports.schedules.time_zone')} style={{ flex: 1, minWidth: 200 }}>
            <Select showSearch options={zones.map((zone) => ({ value: zone, label: zone }))} />
          </Form.Item>
        </div>
        <Form.Item name="format" label={t('reports.schedules.format')}>
          <Radio.Group
            options={REPORT_MAIL_FORMATS.map((value) => ({ value, label: t(`reports.schedules.formats.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="org_ids" label={t('reports.schedules.organizations')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('reports.schedules.all_organizations')}
            options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
          />
        </Form.Item>
        <Form.Item name="top" label={t('reports.schedules.top')} extra={t('reports.schedules.top_hint')}>
          <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="active" label={t('reports.schedules.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
