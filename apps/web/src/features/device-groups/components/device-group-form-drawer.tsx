import { api, ROUTE_DAYS_ALL, type TDeviceGroup } from '@vitrina/contract';
import { Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { formatWeekday } from '../../../lib/format';
import { useMicromarketOptions } from '../../../lib/queries/micromarket-options';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';

type Values = FormValues<typeof api.deviceGroup.create>;

type Props = { group: TDeviceGroup | 'new' | null; onClose: () => void };

export function DeviceGroupFormDrawer({ group, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.deviceGroup.create,
    update: api.deviceGroup.update,
    id: group !== null && group !== 'new' ? group.id : null,
    onSaved: onClose,
  });
  const organizations = useOrganizationOptions();
  const micromarkets = useMicromarketOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const firstOrgId = editableOrgs[0]?.id;
  const chosenOrg = Form.useWatch('org_id', form);
  const orgId = group && group !== 'new' ? group.org_id : (chosenOrg ?? firstOrgId);
  // Only the group's own organisation's micromarkets may join it.
  const devices = (micromarkets.data?.items ?? []).filter((item) => item.org_id === orgId);
  const locale = useLocale();
  const couriers = useEndpoint(
    api.deviceGroup.couriers,
    { query: { org_id: orgId } },
    { enabled: group !== null && orgId !== undefined },
  );

  useEffect(() => {
    if (group === 'new')
      form.setFieldsValue({ org_id: firstOrgId, device_ids: [], courier_ids: [], route_days: [...ROUTE_DAYS_ALL] });
    else if (group) {
      form.setFieldsValue({
        name: group.name,
        type: group.type ?? '',
        address: group.address ?? '',
        description: group.description ?? '',
        device_ids: group.devices.map((device) => device.id),
        courier_ids: group.couriers.map((courier) => courier.id),
        route_days: group.route_days,
      });
    }
  }, [group, form, firstOrgId]);

  return (
    <FormDrawer
      title={isEdit ? t('device_groups.edit_title') : t('device_groups.new_title')}
      isOpen={group !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={520}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={save} preserve={false}>
        <Form.Item name="name" label={t('fields.name')} required>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        {!isEdit && editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('fields.organization')} required>
            <Select
              options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))}
              onChange={() => form.setFieldsValue({ device_ids: [], courier_ids: [] })}
            />
          </Form.Item>
        )}
        <Form.Item name="type" label={t('device_groups.type')} extra={t('device_groups.type_hint')}>
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
        <Form.Item name="address" label={t('device_groups.address')}>
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
        <Form.Item name="description" label={t('device_groups.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="device_ids" label={t('device_groups.devices')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('device_groups.devices_placeholder')}
            options={devices.map((item) => ({ value: item.id, label: item.name }))}
          />
        </Form.Item>
        <Form.Item name="courier_ids" label={t('device_groups.couriers')} extra={t('device_groups.couriers_hint')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('device_groups.couriers_placeholder')}
            loading={couriers.isLoading}
            options={(couriers.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
        </Form.Item>
        <Form.Item name="route_days" label={t('device_groups.route_days')} required>
          <Checkbox.Group options={ROUTE_DAYS_ALL.map((day) => ({ value: day, label: formatWeekday(day, locale) }))} />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
