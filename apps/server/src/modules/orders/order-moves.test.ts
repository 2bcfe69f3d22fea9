import type { OrderPaymentMode, OrderStatus } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { type MovableOrder, type Mover, moveRefusal, movesFor } from './order-moves.js';

const operator: Mover = { userId: 1, isOperator: true, isCourier: false };
const courier: Mover = { userId: 7, isOperator: false, isCourier: true };
const otherCourier: Mover = { userId: 8, isOperator: false, isCourier: true };
const order = (status: OrderStatus, paymentMode: OrderPaymentMode = 'prepay', courierId: number | null = null) =>
  ({ status, paymentMode, courierId }) satisfies MovableOrder;

describe('order moves', () => {
  // from, payment mode, courier on it, who, to, answer (null: allowed)
  const table: [OrderStatus, OrderPaymentMode, number | null, Mover, OrderStatus, string | null][] = [
    [0, 'prepay', null, operator, 1, null],
    [0, 'hold', null, operator, 1, null],
    [0, 'on_pickup', null, operator, 1, '409 order.pays_on_pickup'],
    [0, 'on_pickup', null, operator, 2, null],
    [0, 'prepay', null, operator, 2, '409 order.not_paid'],
    [0, 'hold', null, operator, 2, '409 order.not_paid'],
    [0, 'prepay', null, operator, 6, null],
    [0, 'prepay', null, operator, 3, '409 order.bad_move'],
    [1, 'prepay', null, operator, 2, null],
    [1, 'prepay', null, operator, 6, null],
    [1, 'prepay', null, operator, 0, '409 order.bad_move'],
    [2, 'prepay', null, operator, 3, null],
    [2, 'prepay', null, operator, 6, null],
    [3, 'prepay', 7, operator, 4, null],
    [3, 'prepay', 7, operator, 6, '409 order.bad_move'],
    [4, 'prepay', 7, operator, 5, null],
    [5, 'prepay', 7, operator, 6, '409 order.bad_move'],
    [6, 'prepay', null, operator, 0, '409 order.bad_move'],
    [2, 'prepay', null, courier, 3, null],
    [2, 'prepay', 7, courier, 3, null],
    [2, 'prepay', 8, courier, 3, '409 order.taken_by_other'],
    [3, 'prepay', 7, courier, 4, null],
    [3, 'prepay', 7, otherCourier, 4, '409 order.taken_by_other'],
    [3, 'prepay', null, courier, 4, '409 order.taken_by_other'],
    [2, 'prepay', null, courier, 6, '403 errors.forbidden'],
    [4, 'prepay', 7, courier, 5, '403 errors.forbidden'],
    [1, 'prepay', null, courier, 2, '403 errors.forbidden'],
    [4, 'prepay', 7, courier, 3, '409 order.bad_move'],
  ];
  it.each(table)('%i (%s, courier %s) by %o → %i: %s', (from, mode, courierId, mover, to, expected) => {
    const refusal = moveRefusal(order(from, mode, courierId), to, mover);
    expect(refusal && `${refusal.status} ${refusal.key}`).toBe(expected);
  });

  it('lists the moves a caller has, for the card’s buttons', () => {
    expect(movesFor(order(0, 'prepay'), operator)).toEqual([1, 6]);
    expect(movesFor(order(0, 'on_pickup'), operator)).toEqual([2, 6]);
    expect(movesFor(order(2, 'prepay'), courier)).toEqual([3]);
    expect(movesFor(order(2, 'prepay', 8), courier)).toEqual([]);
    expect(movesFor(order(3, 'prepay', 7), { ...courier, isOperator: true })).toEqual([4]);
    expect(movesFor(order(5, 'prepay', 7), operator)).toEqual([]);
  });
});
