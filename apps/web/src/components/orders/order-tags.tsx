import type { OrderPaymentState, OrderStatus } from '@vitrina/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<OrderStatus, string> = {
  0: 'blue',
  1: 'cyan',
  2: 'gold',
  3: 'purple',
  4: 'geekblue',
  5: 'green',
  6: 'default',
};
const PAYMENT_COLORS: Record<OrderPaymentState, string> = {
  none: 'default',
  held: 'gold',
  paid: 'green',
  refunded: 'default',
  released: 'default',
  failed: 'red',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`orders.status.${status}`)}</Tag>;
}

export function PaymentStateTag({ state }: { state: OrderPaymentState }) {
  const { t } = useTranslation();
  return <Tag color={PAYMENT_COLORS[state]}>{t(`orders.payment_state.${state}`)}</Tag>;
}
