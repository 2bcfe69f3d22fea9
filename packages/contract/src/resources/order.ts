import { z } from 'zod';
import { type CodeOf, ORDER_STATUS } from '../enums.js';
import {
  listOf,
  optionalQuery,
  searchQuery,
  text,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';
import { ORDER_PAYMENT_MODES } from './micromarket-settings.js';

export type OrderStatus = CodeOf<typeof ORDER_STATUS>;
export const ORDER_STATUS_CODES = ORDER_STATUS.map((row) => row.code) as OrderStatus[];
export const ZOrderStatus = z.union(ORDER_STATUS_CODES.map((code) => z.literal(code)) as [z.ZodLiteral<OrderStatus>]);

/**
 * Where an order's money stands: nothing asked yet (or paid at pickup), a hold on the
 * customer's card, taken, given back (refunded or the hold released), or the last attempt
 * refused.
 */
export const ORDER_PAYMENT_STATES = ['none', 'held', 'paid', 'refunded', 'released', 'failed'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** §4 order statuses: the moves an order may make, whoever makes them. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  0: [1, 2, 6],
  1: [2, 6],
  2: [3, 6],
  3: [4],
  4: [5],
  5: [],
  6: [],
};
/** The moves a courier makes on the road: take a prepared order out, hand it over. */
export const COURIER_ORDER_MOVES: readonly (readonly [OrderStatus, OrderStatus])[] = [
  [2, 3],
  [3, 4],
];
/** Most products one order carries, and most of one product. */
export const ORDER_MAX_LINES = 50;
export const ORDER_MAX_QUANTITY = 99;

export const ZOrderLine = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** The price at the micromarket when ordered, per item, in minor units. */
  price_minor: z.number().int(),
});

export const ZOrder = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  micromarket_id: z.number().int(),
  micromarket_name: z.string(),
  micromarket_address: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  courier_id: z.number().int().nullable(),
  courier_name: z.string().nullable(),
  status: ZOrderStatus,
  total_minor: z.number().int(),
  currency: z.string(),
  /** The micromarket's order payment mode when the order was made. */
  payment_mode: z.enum(ORDER_PAYMENT_MODES),
  payment_state: z.enum(ORDER_PAYMENT_STATES),
  /** The payment system's reason when the last attempt was refused. */
  payment_error: z.string().nullable(),
  note: z.string(),
  lines: z.array(ZOrderLine),
  /** Statuses the caller may move this order to now. */
  moves: z.array(ZOrderStatus),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderList = listOf(ZOrder);
export type TOrderList = z.infer<typeof ZOrderList>;

export const ZOrderEvent = z.object({
  id: z.number().int(),
  /** Null for the order being made. */
  from_status: ZOrderStatus.nullable(),
  to_status: ZOrderStatus,
  actor_name: z.string().nullable(),
  note: z.string(),
  created_at: ZTimestamp,
});
export const ZOrderCard = ZOrder.extend({ history: z.array(ZOrderEvent) });
export type TOrderCard = z.infer<typeof ZOrderCard>;

const isOrderStatus = (value: number): value is OrderStatus => (ORDER_STATUS_CODES as number[]).includes(value);
const statusQuery = optionalQuery(
  z.coerce
    .number({ error: 'order.status_unknown' })
    .refine(isOrderStatus, { error: 'order.status_unknown' })
    .transform((value) => value as OrderStatus),
);

export const ZListOrdersQuery = ZPageQuery.extend({
  /** An order number, or part of the customer's name or phone. */
  q: searchQuery(),
  status: statusQuery,
  micromarket_id: ZIdQuery,
  courier_id: ZIdQuery,
  org_id: ZIdQuery,
});
export const ZCourierOrdersQuery = ZPageQuery.extend({
  /** Delivered orders too (they leave the courier's list once handed over otherwise). */
  delivered: ZQueryBoolean,
});

export const ZCreateOrder = z.object({
  micromarket_id: ZId,
  customer_id: ZId,
  lines: z
    .array(
      z.object({
        product_id: ZId,
        quantity: z
          .number({ error: 'order.quantity' })
          .int({ error: 'order.quantity' })
          .min(1, { error: 'order.quantity' })
          .max(ORDER_MAX_QUANTITY, { error: 'order.quantity' }),
      }),
      { error: 'order.lines_required' },
    )
    .min(1, { error: 'order.lines_required' })
    .max(ORDER_MAX_LINES, { error: 'order.too_many_lines' }),
  note: text(500).default(''),
});
export type TCreateOrder = z.input<typeof ZCreateOrder>;

export const ZMoveOrder = z.object({
  status: ZOrderStatus,
  note: text(500).default(''),
});
export type TMoveOrder = z.input<typeof ZMoveOrder>;

export const ZAssignCourier = z.object({ courier_id: ZId.nullable() });

/** What the new-order form offers: micromarkets taking orders, their products and customers. */
export const ZOrderMicromarketOption = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  payment_mode: z.enum(ORDER_PAYMENT_MODES),
  currency: z.string(),
});
export const ZOrderMicromarketOptions = z.object({ items: z.array(ZOrderMicromarketOption) });
export type TOrderMicromarketOption = z.infer<typeof ZOrderMicromarketOption>;

export const ZOrderProductOption = z.object({
  id: z.number().int(),
  name: z.string(),
  price_minor: z.number().int(),
  /** On sale in the micromarket now. */
  in_stock: z.number().int(),
});
export const ZOrderProductOptions = z.object({ items: z.array(ZOrderProductOption) });
export type TOrderProductOption = z.infer<typeof ZOrderProductOption>;

export const ZPersonOption = z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() });
export const ZPersonOptions = z.object({ items: z.array(ZPersonOption) });
export type TPersonOption = z.infer<typeof ZPersonOption>;
export const ZOrderPeopleQuery = z.object({ q: searchQuery() });

/** Customers' wishes for a product at a micromarket, counted. */
export const ZWishCount = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  count: z.number().int(),
  /** Distinct customers who asked (wishes recorded without a customer count once each). */
  customers: z.number().int(),
  last_at: ZTimestamp,
});
export type TWishCount = z.infer<typeof ZWishCount>;
export const ZWishCountList = listOf(ZWishCount);
export type TWishCountList = z.infer<typeof ZWishCountList>;
export const ZListWishesQuery = ZPageQuery;

export const ZCreateWish = z.object({
  micromarket_id: ZId,
  product_id: ZId,
  customer_id: ZId.nullable().default(null),
});
