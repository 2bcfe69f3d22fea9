import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { api, type TOrder } from '@vitrina/contract';
import { Card, Empty, List, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { OrderMoves } from '../../../components/orders/order-moves';
import { OrderStatusTag } from '../../../components/orders/order-tags';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint } from '../../../lib/endpoint-query';
import { buildMapsLink } from '../../../lib/format';
import { useMoney } from '../../../lib/money';

/** §2 `/courier/fridge/orders`: what the courier delivers, one card per order, for a phone in one hand. */
export default function CourierOrdersScreen() {
  const { t } = useTranslation();
  const [isShowingDelivered, setShowingDelivered] = useState(false);
  const orders = useEndpoint(api.order.courierOrders, {
    query: { per_page: 100, ...(isShowingDelivered ? { delivered: true } : {}) },
  });
  return (
    <>
      <PageHeader
        title={t('menu.courier_orders')}
        extra={
          <Space wrap>
            <Switch
              size="small"
              aria-label={t('orders.show_delivered')}
              checked={isShowingDelivered}
              onChange={setShowingDelivered}
            />
            {t('orders.show_delivered')}
          </Space>
        }
      />
      {orders.isError ? (
        <LoadError onRetry={() => orders.refetch()} />
      ) : (
        <List
          loading={orders.isPending}
          dataSource={orders.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('orders.courier_empty')} /> }}
          grid={{ gutter: 12, xs: 1, sm: 1, md: 2, xl: 3 }}
          renderItem={(order) => (
            <List.Item>
              <CourierOrderCard order={order} />
            </List.Item>
          )}
        />
      )}
    </>
  );
}

function CourierOrderCard({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const money = useMoney();
  const address = order.micromarket_address;
  return (
    <Card
      size="small"
      title={t('orders.order_named', { id: order.id })}
      extra={<OrderStatusTag status={order.status} />}
      aria-label={t('orders.order_named', { id: order.id })}
    >
      <div style={{ display: 'grid', gap: 8 }}>
        <div>
          <strong>{order.micromarket_name}</strong>
          {address && (
            <div>
              <a href={buildMapsLink(address)} target="_blank" rel="noreferrer">
                <EnvironmentOutlined /> {address}
              </a>
            </div>
          )}
        </div>
        <div>
          {order.customer_name}
          {order.customer_phone && (
            <div>
              <a href={`tel:${order.customer_phone}`}>
                <PhoneOutlined /> {order.customer_phone}
              </a>
            </div>
          )}
        </div>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {order.lines.map((line) => (
            <li key={line.product_id}>
              {line.product_name} × {line.quantity}
            </li>
          ))}
        </ul>
        <div className="muted">
          {t('orders.total')}: {money(order.total_minor, order.currency)}
          {order.note && ` · ${order.note}`}
        </div>
        <OrderMoves order={order} hasNote={false} />
      </div>
    </Card>
  );
}
