import { api, type TMaker } from '@vitrina/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

type Values = FormValues<typeof api.maker.create>;

const toValues = (maker: TMaker): Values => ({
  name: maker.name,
  country: maker.country ?? '',
  contact_person: maker.contact_person ?? '',
  phone: maker.phone ?? '',
  email: maker.email ?? '',
  website: maker.website ?? '',
});

type Props = { maker: TMaker | 'new' | null; onClose: () => void };

export function MakerFormDrawer({ maker, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.maker.create,
    update: api.maker.update,
    id: maker !== null && maker !== 'new' ? maker.id : null,
    // Product rows show their maker's name.
    alsoInvalidates: ['products'],
    onSaved: onClose,
  });
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const firstOrgId = editableOrgs[0]?.id;

  useEffect(() => {
    if (maker === 'new') form.setFieldsValue({ org_id: firstOrgId });
    else if (maker) form.setFieldsValue(toValues(maker));
  }, [maker, form, firstOrgId]);

  // An emptied country is "not set", not an invalid code.
  const submit = (values: Values) => save({ ...values, country: values.country?.trim() ? values.country : null });

  return (
    <FormDrawer
      title={isEdit ? t('makers.edit_title') : t('makers.new_title')}
      isOpen={maker !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={520}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={submit} preserve={false}>
        <Form.Item name="name" label={t('fields.name')} required>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        {!isEdit && editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('fields.organization')} required>
            <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="country" label={t('makers.country')} extra={t('makers.country_hint')}>
              <Input maxLength={2} style={{ textTransform: 'uppercase' }} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="contact_person" label={t('makers.contact_person')}>
              <Input autoComplete="off" maxLength={120} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('makers.phone')}>
              <Input inputMode="tel" autoComplete="off" maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('fields.email')}>
              <Input inputMode="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="website" label={t('makers.website')}>
          <Input inputMode="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
