import { api, type TPersonalPrice } from '@vitrina/contract';
import { Button, Form, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import type { FormValues } from '../../../../lib/form-values';
import { formatMoney, toMinor } from '../../../../lib/money';
import { useLocale } from '../../../../lib/use-locale';
import { OrgProductSelect } from '../org-product-select';
import { useInlineCreate } from '../use-inline-create';
import type { MicromarketTabProps } from './micromarket-tab-props';

/** The price is typed in major units and sent in minor ones. */
type Values = Partial<Omit<FormValues<typeof api.micromarket.upsertPrice>, 'price'>> & { price?: number | null };

/** Prices of products at this location instead of their sell cost; setting one again replaces it. */
export function MicromarketPricesTab({ micromarket, canEdit, currency }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const prices = useEndpoint(api.micromarket.prices, { params: { id: micromarket.id } });
  const adding = useInlineCreate(api.micromarket.upsertPrice, { params: { id: micromarket.id }, form });
  const remove = useEndpointMutation(api.micromarket.deletePrice);
  const money = (minor: number) => formatMoney(minor, { currency, locale });
  if (prices.isError) return <LoadError onRetry={() => prices.refetch()} />;

  const submit = (values: Values) =>
    adding.create({ product_id: values.product_id, price: values.price == null ? undefined : toMinor(values.price) });

  return (
    <>
      {canEdit && (
        <Form form={form} layout="inline" onFinish={submit} className="inline-form">
          <Form.Item name="product_id" label={t('fields.product')} style={{ minWidth: 260 }}>
            <OrgProductSelect orgId={micromarket.org_id} />
          </Form.Item>
          <Form.Item name="price" label={t('devices.prices.price')}>
            <InputNumber min={0} precision={2} style={{ width: 130 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={adding.isPending}>
            {t('devices.prices.set')}
          </Button>
        </Form>
      )}
      <Table<TPersonalPrice>
        rowKey="id"
        size="small"
        className="data-table"
        loading={prices.isPending}
        dataSource={prices.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('devices.prices.empty') }}
        columns={[
          { key: 'product', dataIndex: 'product_name', title: t('fields.product') },
          { key: 'price', title: t('devices.prices.price'), align: 'right', render: (_, row) => money(row.price) },
          {
            key: 'sell_cost',
            title: t('devices.prices.sell_cost'),
            align: 'right',
            render: (_, row) => <span className="muted">{money(row.sell_cost)}</span>,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 56,
                  render: (_: unknown, row: TPersonalPrice) => (
                    <RowActions
                      remove={{
                        label: t('actions.delete'),
                        confirm: t('devices.prices.delete_confirm', { name: row.product_name }),
                        onConfirm: () => remove.mutate({ params: { id: row.id } }),
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
