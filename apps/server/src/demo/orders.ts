import type { OrderPaymentMode } from '@vitrina/contract';
import { ORDER_STATE, USER_KIND } from '@vitrina/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  micromarkets,
  orderEvents,
  orderLines,
  orders,
  organizations,
  products,
  rolePermissions,
  users,
  wishes,
} from '../db/schema/index.js';
import { random } from './demo-util.js';

const HOUR_MS = 3_600_000;

/** The statuses a demo order walked through, by where it stands now (no money: see below). */
const PATHS: readonly (readonly number[])[] = [
  [ORDER_STATE.new],
  [ORDER_STATE.new, ORDER_STATE.preparing],
  [ORDER_STATE.new, ORDER_STATE.preparing, ORDER_STATE.onTheWay],
  [ORDER_STATE.new, ORDER_STATE.preparing, ORDER_STATE.onTheWay, ORDER_STATE.delivered, ORDER_STATE.received],
  [ORDER_STATE.new, ORDER_STATE.cancelled],
];

/**
 * Orders and wishes as the customer app leaves them: at each micromarket taking orders, a
 * few orders of its organisation's customers. Orders that moved past "new" are the
 * pay-at-pickup micromarket's, which move no money; paid-for orders wait as new, so the
 * demo's operator takes their payment through the test provider like any other.
 */
export async function seedOrdersDemo(db: Db, orgIds: number[], now = new Date()): Promise<void> {
  const next = random(4_242);
  const markets = await db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      settings: micromarkets.settings,
      currency: organizations.currency,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(
      and(inArray(micromarkets.orgId, orgIds), sql`(${micromarkets.settings} ->> 'available_for_orders') = 'true'`),
    )
    .orderBy(asc(micromarkets.id));
  for (const market of markets) {
    const stored = (market.settings as { order_payment_mode?: OrderPaymentMode }).order_payment_mode;
    const mode: OrderPaymentMode = stored ?? 'prepay';
    const [goods, customers, couriers] = await Promise.all([
      db
        .select({
          id: products.id,
          price: products.sellCostMinor,
          orders: products.showInOrders,
          wishes: products.showInWishes,
        })
        .from(products)
        .where(and(eq(products.orgId, market.orgId), eq(products.status, 'active')))
        .orderBy(asc(products.id))
        .limit(30),
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, market.orgId), eq(users.userType, USER_KIND.client)))
        .orderBy(asc(users.id))
        .limit(12),
      db
        .select({ id: users.id })
        .from(users)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
        .where(and(eq(users.orgId, market.orgId), eq(rolePermissions.permission, 'show_orders_for_courier')))
        // The courier role before the admin, who holds every permission.
        .orderBy(sql`(SELECT count(*) FROM role_permissions r WHERE r.role_id = ${users.roleId})`, asc(users.id)),
    ]);
    const orderable = goods.filter((product) => product.orders);
    if (orderable.length === 0 || customers.length === 0) continue;
    const paths =
      mode === 'on_pickup' ? PATHS : [[ORDER_STATE.new], [ORDER_STATE.new], [ORDER_STATE.new, ORDER_STATE.cancelled]];
    for (const [index, path] of paths.entries()) {
      const picked = [...new Set([0, 1, 2].map(() => Math.floor(next() * orderable.length)))].map((i) => orderable[i]!);
      const lines = picked.map((product) => ({
        productId: product.id,
        quantity: 1 + Math.floor(next() * 3),
        priceMinor: product.price,
      }));
      const madeAt = new Date(now.getTime() - (paths.length - index) * 5 * HOUR_MS);
      const status = path[path.length - 1]!;
      const [order] = await db
        .insert(orders)
        .values({
          orgId: market.orgId,
          micromarketId: market.id,
          customerId: customers[(market.id + index) % customers.length]!.id,
          courierId:
            status >= ORDER_STATE.onTheWay && status <= ORDER_STATE.received ? (couriers[0]?.id ?? null) : null,
          status,
          totalMinor: lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0),
          currency: market.currency,
          paymentMode: mode,
          note: index === 0 ? 'Please add a fork' : '',
          createdAt: madeAt,
          updatedAt: new Date(madeAt.getTime() + path.length * HOUR_MS),
        })
        .returning({ id: orders.id });
      await db.insert(orderLines).values(lines.map((line) => ({ orderId: order!.id, ...line })));
      await db.insert(orderEvents).values(
        path.map((to, step) => ({
          orderId: order!.id,
          fromStatus: step === 0 ? null : path[step - 1]!,
          toStatus: to,
          actorId: to === ORDER_STATE.onTheWay || to === ORDER_STATE.delivered ? (couriers[0]?.id ?? null) : null,
          createdAt: new Date(madeAt.getTime() + step * HOUR_MS),
        })),
      );
    }
    const wishful = goods.filter((product) => product.wishes).slice(0, 6);
    const wishRows = wishful.flatMap((product, rank) =>
      Array.from({ length: 6 - rank }, (_, i) => ({
        orgId: market.orgId,
        micromarketId: market.id,
        productId: product.id,
        customerId: i % 3 === 2 ? null : customers[(rank + i) % customers.length]!.id,
        createdAt: new Date(now.getTime() - (i + rank) * 7 * HOUR_MS),
      })),
    );
    if (wishRows.length > 0) await db.insert(wishes).values(wishRows);
  }
}
