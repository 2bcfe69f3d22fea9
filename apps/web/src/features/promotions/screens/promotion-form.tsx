import {
  api,
  BONUS_TYPES,
  type Currency,
  PROMOTION_PERIODS,
  PROMOTION_SUBTYPES_NEEDING_GROUPS,
  PROMOTION_SUBTYPES_OF_TYPE,
  PROMOTION_TYPE_CODES,
  type TBonusPromotion,
  type TBonusPromotionPreview,
} from '@vitrina/contract';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  List,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContractForm } from '../../../components/contract-form';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { formatMoney, fromMinor, toMinor } from '../../../lib/money';
import { useMicromarketOptions } from '../../../lib/queries/micromarket-options';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useProductOptions } from '../../../lib/queries/product-options';
import { useLocale } from '../../../lib/use-locale';

const LIST_PATH = '/user/bonus/promotions';

/** The form's values: money in major units as typed; the body converts them. */
type Values = {
  org_id?: number;
  name: string;
  description?: string;
  type: number;
  subtype: number;
  bonus_type: 'percent' | 'amount';
  amount?: number;
  period: string;
  start_date: string;
  end_date?: string;
  min_purchase?: number | null;
  max_purchase?: number | null;
  new_users: boolean;
  organization_ids: number[];
  micromarket_ids: number[];
  group_ids: number[];
  product_ids: number[];
};

const today = () => new Date().toISOString().slice(0, 10);
const major = (minor: number | null) => (minor === null ? null : fromMinor(minor));
const minorOrNull = (value: number | null | undefined) =>
  value === null || value === undefined ? null : toMinor(value);

function valuesOf(p: TBonusPromotion): Values {
  return {
    name: p.name,
    description: p.description ?? '',
    type: p.type,
    subtype: p.subtype,
    bonus_type: p.bonus_type,
    amount: p.bonus_type === 'amount' ? fromMinor(p.amount) : p.amount,
    period: p.period,
    start_date: p.start_date,
    end_date: p.end_date ?? '',
    min_purchase: major(p.min_purchase),
    max_purchase: major(p.max_purchase),
    new_users: p.new_users,
    organization_ids: p.organization_ids,
    micromarket_ids: p.micromarket_ids,
    group_ids: p.group_ids,
    product_ids: p.product_ids,
  };
}

/** The request body the contract expects, from what the form holds. */
function bodyOf(values: Values, isEdit: boolean) {
  const { org_id, ...rest } = values;
  return {
    ...rest,
    ...(isEdit ? {} : { org_id }),
    description: values.description ?? '',
    amount: values.bonus_type === 'amount' ? toMinor(values.amount) : values.amount,
    end_date: values.end_date ? values.end_date : null,
    min_purchase: minorOrNull(values.min_purchase),
    max_purchase: minorOrNull(values.max_purchase),
    group_ids: values.group_ids ?? [],
    product_ids: values.subtype === 3 ? values.product_ids : [],
  };
}

function ProductsSelect(props: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useProductOptions({ q: q || undefined });
  const options = (products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  for (const id of props.value ?? [])
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: `#${id}` });
  return (
    <Select<number[]>
      id={props.id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={props.value}
      onChange={props.onChange}
      options={options}
      placeholder={t('promotions.products_placeholder')}
    />
  );
}

function PreviewPanel({ preview }: { preview: TBonusPromotionPreview | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!preview) return <p className="muted">{t('promotions.preview_hint')}</p>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('promotions.preview_customers')}>{preview.customers}</Descriptions.Item>
        <Descriptions.Item label={t('promotions.preview_sales', { days: preview.days })}>
          {preview.sales}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotions.preview_would_pay', { days: preview.days })}>
          <strong data-testid="preview-would-pay">
            {formatMoney(preview.would_pay, { currency: preview.currency as Currency, locale })}
          </strong>
        </Descriptions.Item>
      </Descriptions>
      {preview.sample.length > 0 && (
        <List
          size="small"
          header={t('promotions.preview_sample')}
          dataSource={preview.sample}
          renderItem={(c) => (
            <List.Item>
              {c.name} <span className="muted">{c.email}</span>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

export default function PromotionFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useLiveSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<Values>();
  const existing = useEndpoint(api.bonusPromotion.info, id ? { params: { id } } : undefined, { enabled: id !== null });
  const groups = useEndpoint(api.userGroup.list, { query: { per_page: 100 } });
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.bonusPromotion.create,
    update: api.bonusPromotion.update,
    id,
    onSaved: () => navigate(LIST_PATH),
  });
  const previewCall = useEndpointMutation(api.bonusPromotion.preview);
  const [preview, setPreview] = useState<TBonusPromotionPreview | null>(null);
  const organizations = useOrganizationOptions();
  const micromarkets = useMicromarketOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const type = Form.useWatch('type', form) ?? 1;
  const subtype = Form.useWatch('subtype', form) ?? 1;
  const bonusType = Form.useWatch('bonus_type', form) ?? 'percent';
  const isReadOnly = existing.data ? existing.data.status === 2 : false;

  const firstOrgId = editableOrgs[0]?.id;
  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
    else if (id === null && firstOrgId !== undefined && form.getFieldValue('org_id') === undefined)
      form.setFieldValue('org_id', firstOrgId);
  }, [existing.data, form, id, firstOrgId]);

  const initialValues = useMemo<Partial<Values>>(
    () => ({
      type: 1,
      subtype: 1,
      bonus_type: 'percent',
      period: 'once',
      start_date: today(),
      new_users: false,
      organization_ids: [],
      micromarket_ids: [],
      group_ids: [],
      product_ids: [],
    }),
    [],
  );

  const runPreview = () => {
    const values = form.getFieldsValue(true) as Values;
    previewCall.mutate(
      { body: bodyOf({ ...values, org_id: values.org_id ?? existing.data?.org_id }, false) as never },
      { onSuccess: setPreview, onError: (error) => applyServerErrors(form, error) },
    );
  };

  // The organisations whose customers it may reward: those the caller edits (the server refuses view-only ones).
  const orgOptions = editableOrgs.map((org) => ({ value: org.id, label: org.name }));
  const title = isEdit ? (existing.data?.name ?? t('promotions.edit')) : t('menu.bonus_promotion_new');

  return (
    <>
      <PageHeader title={title} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card variant="borderless" className="panel-card">
            <ContractForm
              form={form}
              initialValues={initialValues}
              disabled={isReadOnly}
              onFinish={(values) => save(bodyOf(values, isEdit))}
            >
              {!isEdit && editableOrgs.length > 1 && (
                <Form.Item name="org_id" label={t('fields.organization')}>
                  <Select options={orgOptions} />
                </Form.Item>
              )}
              <Form.Item name="name" label={t('fields.name')}>
                <Input maxLength={120} autoComplete="off" />
              </Form.Item>
              <Form.Item name="description" label={t('promotions.description')}>
                <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="type" label={t('promotions.type_label')}>
                    <Select
                      options={PROMOTION_TYPE_CODES.map((code) => ({
                        value: code,
                        label: t(`promotions.type.${code}`),
                      }))}
                      onChange={(value: number) =>
                        form.setFieldValue('subtype', PROMOTION_SUBTYPES_OF_TYPE[value]?.[0])
                      }
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="subtype" label={t('promotions.subtype_label')}>
                    <Select
                      options={(PROMOTION_SUBTYPES_OF_TYPE[type] ?? []).map((code) => ({
                        value: code,
                        label: t(`promotions.subtype.${code}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="bonus_type" label={t('promotions.bonus_type_label')}>
                    <Radio.Group
                      optionType="button"
                      options={BONUS_TYPES.map((value) => ({ value, label: t(`promotions.bonus_type.${value}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="amount"
                    label={bonusType === 'percent' ? t('promotions.percent') : t('promotions.amount')}
                  >
                    <InputNumber
                      min={0}
                      precision={bonusType === 'percent' ? 0 : 2}
                      style={{ width: '100%' }}
                      addonAfter={bonusType === 'percent' ? '%' : undefined}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col xs={24} sm={8}>
                  <Form.Item name="period" label={t('promotions.period_label')}>
                    <Select
                      options={PROMOTION_PERIODS.map((p) => ({ value: p, label: t(`promotions.period.${p}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item name="start_date" label={t('promotions.start_date')}>
                    <Input type="date" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item name="end_date" label={t('promotions.end_date')}>
                    <Input type="date" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col xs={12}>
                  <Form.Item name="min_purchase" label={t('promotions.min_purchase')}>
                    <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12}>
                  <Form.Item name="max_purchase" label={t('promotions.max_purchase')}>
                    <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="group_ids"
                label={t('promotions.groups')}
                extra={
                  PROMOTION_SUBTYPES_NEEDING_GROUPS.includes(subtype)
                    ? t('promotions.groups_required_hint')
                    : t('promotions.groups_hint')
                }
              >
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  loading={groups.isPending}
                  options={groups.data?.items.map((group) => ({
                    value: group.id,
                    label: t('promotions.group_option', { name: group.name, count: group.members_count }),
                  }))}
                />
              </Form.Item>
              {subtype === 3 && (
                <Form.Item name="product_ids" label={t('promotions.products')}>
                  <ProductsSelect />
                </Form.Item>
              )}
              <Form.Item
                name="organization_ids"
                label={t('promotions.organizations')}
                extra={t('promotions.organizations_hint')}
              >
                <Select mode="multiple" options={orgOptions} optionFilterProp="label" />
              </Form.Item>
              <Form.Item
                name="micromarket_ids"
                label={t('promotions.micromarkets')}
                extra={t('promotions.micromarkets_hint')}
              >
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  options={(micromarkets.data?.items ?? []).map((m) => ({ value: m.id, label: m.name }))}
                />
              </Form.Item>
              <Form.Item
                name="new_users"
                label={t('promotions.new_users')}
                valuePropName="checked"
                extra={t('promotions.new_users_hint')}
              >
                <Switch />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={isSaving} disabled={isReadOnly}>
                  {t('actions.save')}
                </Button>
                <Button onClick={() => navigate(LIST_PATH)} disabled={false}>
                  {t('actions.cancel')}
                </Button>
              </Space>
            </ContractForm>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card
            variant="borderless"
            className="panel-card"
            title={t('promotions.preview')}
            extra={
              <Button onClick={runPreview} loading={previewCall.isPending}>
                {t('promotions.preview_run')}
              </Button>
            }
          >
            <PreviewPanel preview={preview} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
