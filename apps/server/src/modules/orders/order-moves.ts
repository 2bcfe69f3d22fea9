import {
  COURIER_ORDER_MOVES,
  type MessageKey,
  ORDER_MOVES,
  ORDER_STATE,
  ORDER_STATUS_CODES,
  type OrderPaymentMode,
  type OrderStatus,
} from '@vitrina/contract';

export type MovableOrder = { status: OrderStatus; paymentMode: OrderPaymentMode; courierId: number | null };
/** Who moves: an order operator (`show_products_order_page`), a courier, or both. */
export type Mover = { userId: number; isOperator: boolean; isCourier: boolean };
export type MoveRefusal = { status: 403 | 409; key: MessageKey };

const isCourierMove = (from: OrderStatus, to: OrderStatus) =>
  COURIER_ORDER_MOVES.some(([a, b]) => a === from && b === to);

/**
 * Why `mover` may not move `order` to `to`, or null when they may. The §4 moves first
 * (409), then payment: paid-for orders are paid before they are prepared, pay-at-pickup
 * ones are never "paid" here (409); then who: a courier takes out prepared orders nobody
 * else took and hands over their own (409 when another courier has it, 403 otherwise).
 */
export function moveRefusal(order: MovableOrder, to: OrderStatus, mover: Mover): MoveRefusal | null {
  if (!ORDER_MOVES[order.status].includes(to)) return { status: 409, key: 'order.bad_move' };
  if (order.status === ORDER_STATE.new && to === ORDER_STATE.paid && order.paymentMode === 'on_pickup') {
    return { status: 409, key: 'order.pays_on_pickup' };
  }
  if (order.status === ORDER_STATE.new && to === ORDER_STATE.preparing && order.paymentMode !== 'on_pickup') {
    return { status: 409, key: 'order.not_paid' };
  }
  if (mover.isOperator) return null;
  if (!mover.isCourier || !isCourierMove(order.status, to)) return { status: 403, key: 'errors.forbidden' };
  const mine = order.courierId === mover.userId;
  const free = order.status === ORDER_STATE.preparing && order.courierId === null;
  return mine || free ? null : { status: 409, key: 'order.taken_by_other' };
}

/** The statuses `mover` may move `order` to now (the card's buttons). */
export function movesFor(order: MovableOrder, mover: Mover): OrderStatus[] {
  return ORDER_STATUS_CODES.filter((to) => moveRefusal(order, to, mover) === null);
}
