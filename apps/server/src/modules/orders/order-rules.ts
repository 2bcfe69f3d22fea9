import type { OrderPaymentMode, ZCreateOrder } from '@vitrina/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { micromarkets, organizations, products, rolePermissions, users } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { activeDiscountPercent, discountedPrice, personalPriceMap, readSettings } from '../micromarkets/index.js';

export type OrderableMicromarket = {
  id: number;
  orgId: number;
  name: string;
  currency: string;
  paymentMode: OrderPaymentMode;
};

/**
 * A micromarket that takes orders, for whoever `may` allows to order there (404 otherwise);
 * one that is inactive or not available for orders is 409 on `micromarket_id`.
 */
export async function orderableMicromarketFor(
  ctx: ServiceContext,
  id: number,
  may: (orgId: number) => boolean,
): Promise<OrderableMicromarket> {
  const [row] = await ctx.db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      name: micromarkets.name,
      active: micromarkets.active,
      settings: micromarkets.settings,
      currency: organizations.currency,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(eq(micromarkets.id, id));
  if (!row || !may(row.orgId)) throw notFound();
  const settings = readSettings(row.settings);
  if (!row.active || !settings.available_for_orders) {
    throw new AppError(409, 'order.not_available', {}, { micromarket_id: 'order.not_available' });
  }
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    currency: row.currency,
    paymentMode: settings.order_payment_mode,
  };
}

/** A micromarket the caller edits that takes orders (409 on `micromarket_id` when it does not). */
export function orderableMicromarket(ctx: ServiceContext, actor: UserActor, id: number): Promise<OrderableMicromarket> {
  return orderableMicromarketFor(ctx, id, (orgId) => {
    if (!actor.scope.canSee(orgId)) return false;
    actor.scope.assertEditable(orgId);
    return true;
  });
}

/** Each product's price at the micromarket at `now`: its personal price or sell cost, less the discount in force. */
export async function pricesAt(db: Db, micromarketId: number, now: Date) {
  const [personal, discount] = await Promise.all([
    personalPriceMap(db, micromarketId),
    activeDiscountPercent(db, micromarketId, now),
  ]);
  return (productId: number, sellCostMinor: number) =>
    discountedPrice(personal.get(productId) ?? sellCostMinor, discount);
}

/**
 * The order's lines priced at the micromarket. Every product must be an active product of
 * the micromarket's organisation marked for orders, each named once (400 on `lines`).
 */
export async function pricedLines(
  db: Db,
  market: OrderableMicromarket,
  lines: z.output<typeof ZCreateOrder>['lines'],
  now: Date,
) {
  const ids = lines.map((line) => line.product_id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError(400, 'order.duplicate_line', {}, { lines: 'order.duplicate_line' });
  }
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      orgId: products.orgId,
      status: products.status,
      showInOrders: products.showInOrders,
      sellCostMinor: products.sellCostMinor,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((product) => [product.id, product]));
  const priceOf = await pricesAt(db, market.id, now);
  return lines.map((line) => {
    const product = byId.get(line.product_id);
    if (!product || product.orgId !== market.orgId || product.status !== 'active' || !product.showInOrders) {
      const name = product && product.orgId === market.orgId ? product.name : `#${line.product_id}`;
      throw new AppError(400, 'order.product_unavailable', { name }, { lines: 'order.product_unavailable' });
    }
    return { productId: product.id, quantity: line.quantity, priceMinor: priceOf(product.id, product.sellCostMinor) };
  });
}

/** The user must be an active courier of the organisation (400 on `courier_id`). */
export async function assertCourier(db: Db, orgId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.orgId, orgId),
        eq(users.active, true),
        eq(rolePermissions.permission, 'show_orders_for_courier'),
      ),
    );
  if (!row) throw new AppError(400, 'order.courier_unknown', {}, { courier_id: 'order.courier_unknown' });
}
