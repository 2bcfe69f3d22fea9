import { api, type TDiscount } from '@vitrina/contract';
import { Button, DatePicker, Form, InputNumber, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import type { FormValues } from '../../../../lib/form-values';
import { formatDateUtc } from '../../../../lib/format';
import { useInlineCreate } from '../use-inline-create';
import type { MicromarketTabProps } from './micromarket-tab-props';

/** The end is picked as a date and time (Dayjs) and sent as ISO text. */
type Values = Partial<Omit<FormValues<typeof api.micromarket.createDiscount>, 'active_to'>> & {
  active_to?: Dayjs | null;
};

/** A discount applies to everything in the micromarket; the largest one in force wins. */
export function MicromarketDiscountsTab({ micromarket, canEdit }: MicromarketTabProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const discounts = useEndpoint(api.micromarket.discounts, { params: { id: micromarket.id } });
  const adding = useInlineCreate(api.micromarket.createDiscount, { params: { id: micromarket.id }, form });
  const remove = useEndpointMutation(api.micromarket.deleteDiscount);
  if (discounts.isError) return <LoadError onRetry={() => discounts.refetch()} />;

  const submit = (values: Values) =>
    adding.create({ percent: values.percent, active_to: values.active_to ? values.active_to.toISOString() : null });

  return (
    <>
      {canEdit && (
        <Form form={form} layout="inline" onFinish={submit} className="inline-form">
          <Form.Item name="percent" label={t('devices.discounts.percent')}>
            <InputNumber min={1} max={100} suffix="%" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="active_to" label={t('devices.discounts.active_to')}>
            <DatePicker showTime={{ format: 'HH:mm' }} disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={adding.isPending}>
            {t('devices.discounts.add')}
          </Button>
        </Form>
      )}
      <Table<TDiscount>
        rowKey="id"
        size="small"
        className="data-table"
        loading={discounts.isPending}
        dataSource={discounts.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('devices.discounts.empty') }}
        columns={[
          { key: 'percent', title: t('devices.discounts.percent'), render: (_, row) => `${row.percent}%` },
          {
            key: 'active_to',
            title: t('devices.discounts.active_to'),
            render: (_, row) => (row.active_to ? formatDateUtc(row.active_to) : t('devices.discounts.no_end')),
          },
          {
            key: 'status',
            title: t('devices.discounts.status'),
            render: (_, row) =>
              row.is_active ? (
                <Tag color="success">{t('devices.discounts.active')}</Tag>
              ) : (
                <Tag>{t('devices.discounts.expired')}</Tag>
              ),
          },
          {
            key: 'created_at',
            title: t('devices.fields.created_at'),
            render: (_, row) => formatDateUtc(row.created_at),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 56,
                  render: (_: unknown, row: TDiscount) => (
                    <RowActions
                      remove={{
                        label: t('actions.delete'),
                        confirm: t('devices.discounts.delete_confirm'),
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
