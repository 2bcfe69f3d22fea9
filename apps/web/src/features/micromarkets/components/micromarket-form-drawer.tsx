import { api, type TCreatedMicromarket, type TMicromarket } from '@vitrina/contract';
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { fromMinor, toMinor } from '../../../lib/money';
import { useSession } from '../../../lib/session-context';
import { useOrganizationAccess } from './use-organization';

/** The subscription price is typed in major units and sent in minor ones. */
type Values = Omit<FormValues<typeof api.micromarket.create>, 'subscription_price'> & {
  subscription_price?: number | null;
};

const toValues = (item: TMicromarket): Values => ({
  name: item.name,
  serial_number: item.serial_number,
  address: item.address ?? '',
  active: item.active,
  description: item.description ?? '',
  location_description: item.location_description ?? '',
  latitude: item.latitude,
  longitude: item.longitude,
  courier_latitude: item.courier_latitude,
  courier_longitude: item.courier_longitude,
  country: item.country ?? '',
  subscription_price: item.subscription_price === null ? null : fromMinor(item.subscription_price),
});

type Props = {
  micromarket: TMicromarket | 'new' | null;
  onClose: () => void;
  /** After a create: the token to show once. */
  onCreated?: (created: TCreatedMicromarket) => void;
};

const nullable = (value: number | null | undefined) => (value === undefined ? null : value);

export function MicromarketFormDrawer({ micromarket, onClose, onCreated }: Props) {
  // Only the platform prices a micromarket's subscription (the server refuses anyone else).
  const { can } = useSession();
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { editableOrgs } = useOrganizationAccess();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.micromarket.create,
    update: api.micromarket.update,
    id: micromarket !== null && micromarket !== 'new' ? micromarket.id : null,
    alsoInvalidates: ['device-groups', 'dashboard'],
    onSaved: (answer) => {
      onClose();
      if ('token' in answer) onCreated?.(answer);
    },
  });
  const firstOrgId = editableOrgs[0]?.id;

  useEffect(() => {
    if (micromarket === 'new') form.setFieldsValue({ org_id: firstOrgId, active: true });
    else if (micromarket) form.setFieldsValue(toValues(micromarket));
  }, [micromarket, form, firstOrgId]);

  const submit = (values: Values) =>
    save({
      ...values,
      latitude: nullable(values.latitude),
      longitude: nullable(values.longitude),
      courier_latitude: nullable(values.courier_latitude),
      courier_longitude: nullable(values.courier_longitude),
      country: values.country?.trim() ? values.country : null,
      subscription_price:
        values.subscription_price === null || values.subscription_price === undefined
          ? null
          : toMinor(values.subscription_price),
    });

  const coordinate = (name: keyof Values, label: string, limit: number) => (
    <Form.Item name={name} label={label}>
      <InputNumber min={-limit} max={limit} step={0.0001} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <FormDrawer
      title={isEdit ? t('devices.edit_title') : t('devices.new_title')}
      isOpen={micromarket !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={620}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={submit} preserve={false}>
        <Divider titlePlacement="start">{t('devices.tabs.main')}</Divider>
        <Form.Item name="name" label={t('fields.name')} required>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item name="serial_number" label={t('devices.fields.serial_number')} required>
              <Input autoComplete="off" maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="active" label={t('devices.fields.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {!isEdit && editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('fields.organization')} required>
            <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
          </Form.Item>
        )}
        <Form.Item name="address" label={t('devices.fields.address')}>
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
        <Form.Item name="description" label={t('devices.fields.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
        </Form.Item>
        <Divider titlePlacement="start">{t('devices.tabs.extra')}</Divider>
        <Form.Item name="location_description" label={t('devices.fields.location_description')}>
          <Input autoComplete="off" maxLength={500} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12}>{coordinate('latitude', t('devices.fields.latitude'), 90)}</Col>
          <Col xs={12}>{coordinate('longitude', t('devices.fields.longitude'), 180)}</Col>
          <Col xs={12}>{coordinate('courier_latitude', t('devices.fields.courier_latitude'), 90)}</Col>
          <Col xs={12}>{coordinate('courier_longitude', t('devices.fields.courier_longitude'), 180)}</Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="country" label={t('devices.fields.country')} extra={t('devices.country_hint')}>
              <Input maxLength={2} style={{ textTransform: 'uppercase' }} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="subscription_price"
              label={t('devices.fields.subscription_price')}
              extra={t('devices.subscription_price_hint')}
            >
              <InputNumber
                min={0}
                step={1}
                precision={2}
                style={{ width: '100%' }}
                disabled={!can('view_all_organizations')}
              />
            </Form.Item>
          </Col>
        </Row>
      </ContractForm>
    </FormDrawer>
  );
}
