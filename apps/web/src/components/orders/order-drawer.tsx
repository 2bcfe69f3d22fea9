import { api, type TOrderCard } from '@vitrina/contract';
import { Alert, Descriptions, Drawer, Select, Table, Timeline } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint-query';
import { useMoney } from '../../lib/money';
import { getMessage } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { LoadError } from '../load-error';
import { PageSpinner } from '../page-spinner';
import { useIsMobile } from '../use-is-mobile';
import { formatWhen } from './order-columns';
import { OrderMoves } from './order-moves';
import { OrderStatusTag, PaymentStateTag } from './order-tags';

/** One order: what, for whom, where, its money and courier, the moves the caller has, its history. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const card = useEndpoint(api.order.card, { params: { id: orderId ?? 0 } }, { enabled: orderId !== null });
  return (
    <Drawer
      title={orderId === null ? '' : t('orders.order_named', { id: orderId })}
      open={orderId !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      destroyOnHidden
    >
      {card.isError ? (
        <LoadError onRetry={() => card.refetch()} />
      ) : card.data ? (
        <OrderDetails order={card.data} />
      ) : (
        <PageSpinner />
      )}
    </Drawer>
  );
}

function OrderDetails({ order }: { order: TOrderCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  const can = useCan();
  const isOpen = order.status < 4 && order.moves.length > 0 && can('show_products_order_page');
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {order.payment_state === 'failed' && order.payment_error && (
        <Alert type="error" showIcon message={order.payment_error} />
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('orders.status_label')}>
          <OrderStatusTag status={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.micromarket')}>
          {order.micromarket_name}
          {order.micromarket_address && <div className="muted">{order.micromarket_address}</div>}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.customer')}>
          {order.customer_name}
          {order.customer_phone && (
            <div>
              <a href={`tel:${order.customer_phone}`}>{order.customer_phone}</a>
            </div>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.payment_label')}>
          <PaymentStateTag state={order.payment_state} /> {t(`orders.payment_mode.${order.payment_mode}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.courier')}>
          {isOpen ? <CourierSelect order={order} /> : (order.courier_name ?? t('orders.no_courier'))}
        </Descriptions.Item>
        {order.note ? <Descriptions.Item label={t('orders.note')}>{order.note}</Descriptions.Item> : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="product_id"
        pagination={false}
        dataSource={order.lines}
        columns={[
          { key: 'product', title: t('orders.product'), dataIndex: 'product_name' },
          { key: 'quantity', title: t('orders.quantity'), dataIndex: 'quantity', align: 'right' },
          {
            key: 'sum',
            title: t('orders.total'),
            align: 'right',
            render: (_, line) => money(line.price_minor * line.quantity, order.currency),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>{t('orders.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{money(order.total_minor, order.currency)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <OrderMoves order={order} />
      <div>
        <h4>{t('orders.history')}</h4>
        <Timeline
          items={order.history.map((event) => ({
            key: event.id,
            children: (
              <div>
                <div>
                  {event.from_status === null ? t('orders.history_made') : <OrderStatusTag status={event.to_status} />}
                </div>
                <div className="muted">
                  {formatWhen(event.created_at)}
                  {event.actor_name ? ` · ${event.actor_name}` : ''}
                </div>
                {event.note && <div>{event.note}</div>}
              </div>
            ),
          }))}
        />
      </div>
    </div>
  );
}

function CourierSelect({ order }: { order: TOrderCard }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const couriers = useEndpoint(api.order.couriers, {
    params: { id: order.micromarket_id },
    query: { q: q || undefined },
  });
  const assign = useEndpointMutation(api.order.assignCourier);
  const options = (couriers.data?.items ?? []).map((person) => ({ value: person.id, label: person.name }));
  if (order.courier_id !== null && !options.some((option) => option.value === order.courier_id)) {
    options.unshift({ value: order.courier_id, label: order.courier_name ?? `#${order.courier_id}` });
  }
  return (
    <Select<number>
      aria-label={t('orders.assign_courier')}
      style={{ width: '100%' }}
      allowClear
      placeholder={t('orders.no_courier')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={order.courier_id ?? undefined}
      loading={couriers.isFetching || assign.isPending}
      options={options}
      onChange={(value) =>
        assign.mutate(
          { params: { id: order.id }, body: { courier_id: value ?? null } },
          { onSuccess: () => getMessage().success(t('common.saved')) },
        )
      }
    />
  );
}
