import type { TOrder } from '@vitrina/contract';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import { OrderStatusTag, PaymentStateTag } from './order-tags';

export const formatWhen = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** The orders table's columns; the number opens the order. */
export function useOrderColumns(options: { onOpen: (order: TOrder) => void; hasMicromarket?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const columns: ColumnsType<TOrder> = [
    {
      key: 'id',
      title: '№',
      render: (_, order) => (
        <div>
          <a
            href={`#order-${order.id}`}
            onClick={(event) => {
              event.preventDefault();
              options.onOpen(order);
            }}
            style={{ fontWeight: 500 }}
          >
            {t('orders.number', { id: order.id })}
          </a>
          <div className="muted" style={{ fontSize: 12 }}>
            {formatWhen(order.created_at)}
          </div>
        </div>
      ),
    },
    ...(options.hasMicromarket === false
      ? []
      : [
          {
            key: 'micromarket',
            title: t('orders.micromarket'),
            render: (_: unknown, order: TOrder) => order.micromarket_name,
          },
        ]),
    {
      key: 'customer',
      title: t('orders.customer'),
      render: (_, order) => (
        <div>
          <div>{order.customer_name}</div>
          {order.customer_phone && <div className="muted">{order.customer_phone}</div>}
        </div>
      ),
    },
    {
      key: 'total',
      title: t('orders.total'),
      align: 'right',
      render: (_, order) => money(order.total_minor, order.currency),
    },
    {
      key: 'status',
      title: t('orders.status_label'),
      render: (_, order) => (
        <div style={{ display: 'grid', gap: 4, justifyItems: 'start' }}>
          <OrderStatusTag status={order.status} />
          {order.payment_state !== 'none' && <PaymentStateTag state={order.payment_state} />}
        </div>
      ),
    },
    {
      key: 'courier',
      title: t('orders.courier'),
      responsive: ['lg'],
      render: (_, order) => order.courier_name ?? <span className="muted">{t('orders.no_courier')}</span>,
    },
  ];
  return columns;
}
