import { ORDER_STATE } from '@vitrina/contract';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { micromarkets, orderEvents, orderLines, orders, products, users } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineView = { productId: number; productName: string; quantity: number; priceMinor: number };

/** An order's lines as the contract shows them, to staff and to the customer alike. */
export const lineViews = (lines: OrderLineView[]) =>
  lines.map((line) => ({
    product_id: line.productId,
    product_name: line.productName,
    quantity: line.quantity,
    price_minor: line.priceMinor,
  }));
export type OrderListRow = {
  order: OrderRow;
  micromarketName: string;
  micromarketAddress: string | null;
  customerName: string;
  customerPhones: string[];
  courierName: string | null;
};

const couriers = alias(users, 'couriers');

/** Orders with their micromarket, customer and courier names. */
function selectOrders(db: Db) {
  return db
    .select({
      order: orders,
      micromarketName: micromarkets.name,
      micromarketAddress: micromarkets.address,
      customerName: users.name,
      customerPhones: users.phones,
      courierName: couriers.name,
    })
    .from(orders)
    .innerJoin(micromarkets, eq(micromarkets.id, orders.micromarketId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(couriers, eq(couriers.id, orders.courierId));
}

/** One order with its names (no count: the card needs no total). */
export async function findOrderRow(db: Db, id: number): Promise<OrderListRow | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row;
}

/** Orders with their micromarket, customer and courier names, newest first. */
export async function listOrders(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectOrders(db).where(where).orderBy(desc(orders.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The lines of these orders, by order id. */
export async function linesOf(db: Db, orderIds: number[]): Promise<Map<number, OrderLineView[]>> {
  const byOrder = new Map<number, OrderLineView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      productName: products.name,
      quantity: orderLines.quantity,
      priceMinor: orderLines.priceMinor,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(products.name);
  for (const { orderId, ...line } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(line);
    byOrder.set(orderId, list);
  }
  return byOrder;
}

export async function historyOf(db: Db, orderId: number) {
  return db
    .select({ event: orderEvents, actorName: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
}

/** The order row locked for a status move: two moves of one order happen one after the other. */
export async function lockOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function recordEvent(
  db: Db,
  event: { orderId: number; fromStatus: number | null; toStatus: number; actorId: number | null; note: string },
) {
  await db.insert(orderEvents).values(event);
}

/** A courier's list: prepared orders nobody took and the courier's own open ones. */
export function courierWhere(courierId: number, visibleIds: number[] | null, delivered: boolean): SQL | undefined {
  const own = delivered
    ? inArray(orders.status, [ORDER_STATE.onTheWay, ORDER_STATE.delivered])
    : eq(orders.status, ORDER_STATE.onTheWay);
  return and(
    visibleIds === null ? undefined : inArray(orders.orgId, visibleIds),
    or(
      and(
        eq(orders.status, ORDER_STATE.preparing),
        or(sql`${orders.courierId} IS NULL`, eq(orders.courierId, courierId)),
      ),
      and(own, eq(orders.courierId, courierId)),
    ),
  );
}
