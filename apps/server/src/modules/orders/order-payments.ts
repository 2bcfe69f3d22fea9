import type { OrderPaymentState, OrderStatus } from '@vitrina/contract';
import { ORDER_STATE, PAYMENT_STATUS } from '@vitrina/contract';
import type { ServiceContext } from '../../lib/context.js';
import { conflict } from '../../lib/errors.js';
import { type PaymentProviders, performPayment } from '../payments/index.js';
import { activeCardOf } from '../sales/index.js';
import type { OrderRow } from './orders.repository.js';

/** What a status move does with the money, if anything. */
export type MoneyStep = 'charge' | 'hold' | 'capture' | 'refund' | 'release';

/**
 * The money a move sets off: paying (0 → 1) takes the total (prepay) or holds it (hold) on
 * the customer's saved card; cancelling a paid order gives the money back (refund) or lets
 * the hold go (release); receiving (→ 5) captures a hold. Pay-at-pickup orders move no money.
 */
export function moneyStepOf(order: OrderRow, to: OrderStatus): MoneyStep | null {
  if (to === ORDER_STATE.paid) return order.paymentMode === 'hold' ? 'hold' : 'charge';
  if (to === ORDER_STATE.cancelled && order.paymentState === 'paid') return 'refund';
  if (to === ORDER_STATE.cancelled && order.paymentState === 'held') return 'release';
  if (to === ORDER_STATE.received && order.paymentState === 'held') return 'capture';
  return null;
}

const STATE_AFTER: Record<MoneyStep, OrderPaymentState> = {
  charge: 'paid',
  hold: 'held',
  capture: 'paid',
  refund: 'refunded',
  release: 'released',
};

export type MoneyOutcome =
  | { ok: true; paymentId: number; state: OrderPaymentState }
  | { ok: false; pending: boolean; error: string };

/**
 * Performs the step through the organisation's payment provider. The ledger key names the
 * order, the step and the refused attempts so far: a resent request (or one after the
 * provider timed out) answers the same ledger row and moves no money twice, while a new try
 * after a refusal is a new payment.
 */
export async function performMoneyStep(
  ctx: ServiceContext,
  providers: PaymentProviders,
  order: OrderRow,
  step: MoneyStep,
): Promise<MoneyOutcome> {
  const idempotencyKey = `order:${order.id}:${step}:${order.paymentAttempts}`;
  const base = { orgId: order.orgId, idempotencyKey };
  let row: Awaited<ReturnType<typeof performPayment>>;
  if (step === 'charge' || step === 'hold') {
    const card = await activeCardOf(ctx.db, order.customerId);
    if (!card) throw conflict('order.no_card');
    const payment = {
      amountMinor: order.totalMinor,
      currency: order.currency,
      paymentMethod: card.paymentMethod,
      customer: card.providerCustomer,
      description: `Order ${order.id}`,
    };
    row = await performPayment(ctx, providers, {
      ...base,
      card,
      request: step === 'charge' ? { operation: 'charge', ...payment } : { operation: 'hold', ...payment },
    });
  } else {
    if (order.paymentId === null) throw conflict('order.bad_move');
    row = await performPayment(ctx, providers, {
      ...base,
      request:
        step === 'release'
          ? { operation: 'release', parentId: order.paymentId }
          : { operation: step, parentId: order.paymentId, amountMinor: order.totalMinor },
    });
  }
  if (row.status === PAYMENT_STATUS.success) {
    // A capture or refund leaves the charge or hold as the order's payment: it is what was taken.
    const paymentId = step === 'charge' || step === 'hold' ? row.id : order.paymentId!;
    return { ok: true, paymentId, state: STATE_AFTER[step] };
  }
  if (row.status === PAYMENT_STATUS.inProcess || row.status === PAYMENT_STATUS.new)
    return { ok: false, pending: true, error: '' };
  return { ok: false, pending: false, error: row.errorMessage ?? row.errorCode ?? 'refused' };
}
