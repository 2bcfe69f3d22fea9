import type { Currency } from '@vitrina/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect } from '../../../components/category-tree-select';
import { useMakerOptions } from '../../../lib/queries/maker-options';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { PRODUCT_FLAGS } from './product-flags';

type Props = { isEdit: boolean; orgId: number | undefined; currency: Currency };

const full = { style: { width: '100%' } } as const;

/** The product fields of spec §3; prices are typed as amounts in the organisation's currency. */
export function ProductFormFields({ isEdit, orgId, currency }: Props) {
  const { t } = useTranslation();
  const makers = useMakerOptions(orgId);
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const money = { ...full, min: 0, precision: 2, step: 0.5, suffix: currency } as const;

  return (
    <>
      {!isEdit && editableOrgs.length > 1 && (
        <Form.Item name="org_id" label={t('fields.organization')} required>
          <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('fields.name')} required>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('products.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="article" label={t('products.article')}>
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="barcode" label={t('products.barcode')}>
            <Input autoComplete="off" maxLength={32} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="weight_g" label={t('products.weight_g')}>
            <InputNumber {...full} min={0} precision={0} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tax_codes" label={t('products.tax_codes')} extra={t('products.tax_codes_hint')}>
        <Select mode="tags" maxCount={2} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="maker_id" label={t('fields.maker')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={makers.isPending}
              options={makers.data?.items.map((maker) => ({ value: maker.id, label: maker.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="category_id" label={t('fields.category')}>
            <CategoryTreeSelect orgId={orgId} placeholder=" " />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="base_cost" label={t('products.base_cost')}>
            <InputNumber {...money} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sell_cost" label={t('products.sell_cost')} required>
            <InputNumber {...money} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="storage_period_hours" label={t('products.storage_period_hours')} required>
            <InputNumber {...full} min={1} max={8760} precision={0} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="purchase_limit"
            label={t('products.purchase_limit')}
            extra={t('products.purchase_limit_hint')}
          >
            <InputNumber {...full} min={0} max={1000} precision={0} />
          </Form.Item>
        </Col>
      </Row>
      {!isEdit && (
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            options={(['active', 'inactive'] as const).map((status) => ({
              value: status,
              label: t(`catalogue.product_status.${status}`),
            }))}
          />
        </Form.Item>
      )}
      <Row gutter={12}>
        {PRODUCT_FLAGS.map((flag) => (
          <Col xs={12} sm={6} key={flag}>
            <Form.Item name={flag} label={t(`products.flags.${flag}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
