import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, ORDER_MAX_QUANTITY } from '@vitrina/contract';
import { Alert, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { useMoney } from '../../../lib/money';

type OrderBody = FormValues<typeof api.order.create>;
type Line = Partial<OrderBody['lines'][number]>;
/** Until a product is picked, a line holds only its quantity; the order is sent once checked. */
type Values = Partial<Omit<OrderBody, 'lines'>> & { lines: Line[] };

/** An order taken for a customer: where, for whom, which products marked for orders and how many. */
export function NewOrderDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<Values>();
  const micromarketId = Form.useWatch('micromarket_id', form);
  const lines = Form.useWatch('lines', form) ?? [];
  const markets = useEndpoint(api.order.micromarkets, {}, { enabled: isOpen });
  const market = markets.data?.items.find((item) => item.id === micromarketId);
  const products = useEndpoint(
    api.order.products,
    { params: { id: micromarketId ?? 0 } },
    { enabled: isOpen && micromarketId !== undefined },
  );
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const customers = useEndpoint(
    api.order.customers,
    { params: { id: micromarketId ?? 0 }, query: { q: q || undefined } },
    { enabled: isOpen && micromarketId !== undefined },
  );
  const { save, isSaving } = useEntityForm({
    form,
    create: api.order.create,
    update: api.order.create,
    id: null,
    onSaved: onClose,
  });

  const priceOf = (productId?: number) => products.data?.items.find((item) => item.id === productId)?.price_minor ?? 0;
  const total = lines.reduce((sum, line) => sum + priceOf(line?.product_id) * (line?.quantity ?? 0), 0);
  const submit = (values: Values) =>
    save({
      ...values,
      lines: values.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
      note: values.note ?? '',
    });

  return (
    <FormDrawer
      title={t('orders.new')}
      isOpen={isOpen}
      isEdit={false}
      isSaving={isSaving}
      width={560}
      onClose={onClose}
      onSubmit={() => form.submit()}
      afterOpenChange={(open) => {
        if (!open) form.resetFields();
      }}
    >
      {markets.data?.items.length === 0 && <Alert type="info" showIcon message={t('orders.no_markets')} />}
      <ContractForm<Values> form={form} onFinish={submit} initialValues={{ lines: [{ quantity: 1 }] }}>
        <Form.Item name="micromarket_id" label={t('orders.micromarket')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={markets.isPending}
            options={markets.data?.items.map((item) => ({ value: item.id, label: item.name }))}
            onChange={() => form.setFieldsValue({ customer_id: undefined, lines: [{ quantity: 1 }] })}
          />
        </Form.Item>
        {market && (
          <p className="muted" style={{ marginTop: -12 }}>
            {t('orders.payment_mode_label')}: {t(`orders.payment_mode.${market.payment_mode}`)}
          </p>
        )}
        <Form.Item name="customer_id" label={t('orders.customer')}>
          <Select<number>
            disabled={micromarketId === undefined}
            placeholder={t('orders.customer_search')}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={customers.isFetching}
            options={customers.data?.items.map((person) => ({
              value: person.id,
              label: person.phone ? `${person.name} · ${person.phone}` : person.name,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('orders.products')} name="lines" style={{ marginBottom: 0 }}>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <div style={{ display: 'grid', gap: 8 }}>
                {fields.map((field, index) => (
                  <Space.Compact key={field.key} style={{ width: '100%' }}>
                    <Form.Item name={[field.name, 'product_id']} noStyle>
                      <Select<number>
                        aria-label={`${t('orders.product')} ${index + 1}`}
                        placeholder={t('orders.product')}
                        disabled={micromarketId === undefined}
                        style={{ flex: 1, minWidth: 0 }}
                        showSearch={{ optionFilterProp: 'label' }}
                        options={products.data?.items.map((item) => ({
                          value: item.id,
                          label: `${item.name} · ${money(item.price_minor, market?.currency ?? '')}`,
                          title: t('orders.in_stock', { count: item.in_stock }),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'quantity']} noStyle>
                      <InputNumber
                        aria-label={`${t('orders.quantity')} ${index + 1}`}
                        min={1}
                        max={ORDER_MAX_QUANTITY}
                        precision={0}
                        style={{ width: 80 }}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`${t('orders.remove_product')} ${index + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  </Space.Compact>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                  {t('orders.add_product')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        <p style={{ margin: '12px 0', fontWeight: 500 }} data-testid="order-total">
          {t('orders.total')}: {money(total, market?.currency ?? 'UAH')}
        </p>
        <Form.Item name="note" label={t('orders.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
