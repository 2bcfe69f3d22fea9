import { api, CURRENCIES, DEFAULT_TIME_ZONE, type TOrganization } from '@vitrina/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { fromMinor, toMinor } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

/** The subscription price is typed in major units (the box may be cleared) and sent in minor ones. */
type Values = Omit<FormValues<typeof api.organization.create>, 'subscription_price'> & {
  subscription_price?: number | null;
};

type Props = {
  organization: TOrganization | 'new' | null;
  onClose: () => void;
  onSaved?: (org: TOrganization) => void;
};

/** Create (the platform) or edit an organisation; price and currency are the platform's to set. */
export function OrganizationFormDrawer({ organization, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const isPlatform = can('view_all_organizations');
  const [form] = Form.useForm<Values>();
  const options = useOrganizationOptions();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.organization.create,
    update: api.organization.update,
    id: organization !== null && organization !== 'new' ? organization.id : null,
    onSaved: (answer) => {
      onClose();
      onSaved?.(answer);
    },
  });
  const type = Form.useWatch('type', form);
  const timeZone = Form.useWatch('time_zone', form);
  // The browser's IANA zones, with the one the organisation has even if this browser names it otherwise.
  const timeZones = useMemo(() => {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    if (timeZone) zones.add(timeZone);
    return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [timeZone]);

  useEffect(() => {
    if (organization === 'new')
      form.setFieldsValue({
        type: 'main',
        currency: 'UAH',
        time_zone: DEFAULT_TIME_ZONE.UAH,
        access_level: 2,
        subscription_price: 0,
      });
    else if (organization) {
      form.setFieldsValue({
        name: organization.name,
        fiscal_number: organization.fiscal_number ?? '',
        currency: organization.currency,
        time_zone: organization.time_zone,
        subscription_price: fromMinor(organization.subscription_price),
        contact_name: organization.contact_name ?? '',
        contact_phone: organization.contact_phone ?? '',
        contact_email: organization.contact_email ?? '',
        address: organization.address ?? '',
      });
    }
  }, [organization, form]);

  const submit = ({ subscription_price, ...values }: Values) =>
    save({
      ...values,
      ...(subscription_price === null || subscription_price === undefined
        ? {}
        : { subscription_price: toMinor(subscription_price) }),
    });

  return (
    <FormDrawer
      title={isEdit ? t('organizations.edit_title') : t('organizations.new_title')}
      isOpen={organization !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={560}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <ContractForm form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('fields.name')} required>
          <Input maxLength={200} />
        </Form.Item>
        {!isEdit && (
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Form.Item name="type" label={t('organizations.fields.type')}>
                <Select
                  options={(['main', 'sub'] as const).map((value) => ({
                    value,
                    label: t(`organizations.type.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
            {type === 'sub' && (
              <>
                <Col xs={24} sm={10}>
                  <Form.Item name="parent_id" label={t('organizations.fields.parent')} required>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      options={options.data?.items.map((org) => ({ value: org.id, label: org.name }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={6}>
                  <Form.Item name="access_level" label={t('organizations.fields.access_level')}>
                    <Select options={[1, 2].map((value) => ({ value, label: t(`organizations.level.${value}`) }))} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="fiscal_number" label={t('organizations.fields.fiscal_number')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item name="currency" label={t('organizations.fields.currency')}>
              <Select
                disabled={!isPlatform}
                options={CURRENCIES.map((value) => ({ value, label: value }))}
                onChange={(currency: (typeof CURRENCIES)[number]) => {
                  if (!isEdit) form.setFieldValue('time_zone', DEFAULT_TIME_ZONE[currency]);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={7}>
            <Form.Item
              name="subscription_price"
              label={t('organizations.fields.subscription_price')}
              extra={isPlatform ? undefined : t('organizations.platform_sets_price')}
            >
              <InputNumber min={0} step={1} precision={2} disabled={!isPlatform} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="time_zone"
          label={t('organizations.fields.time_zone')}
          extra={t('organizations.time_zone_hint')}
        >
          <Select showSearch optionFilterProp="label" options={timeZones} />
        </Form.Item>
        <Form.Item name="contact_name" label={t('organizations.fields.contact_name')}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="contact_phone" label={t('organizations.fields.contact_phone')}>
              <Input maxLength={20} autoComplete="off" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contact_email" label={t('organizations.fields.contact_email')}>
              <Input maxLength={200} autoComplete="off" inputMode="email" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('organizations.fields.address')}>
          <Input maxLength={300} />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
