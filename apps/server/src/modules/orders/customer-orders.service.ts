import type {
  OrderPaymentState,
  OrderStatus,
  TAppMicromarkets,
  TAppProducts,
  TCustomerOrder,
  TCustomerOrderList,
  ZCreateCustomerOrder,
  ZCreateCustomerWish,
  ZCustomerOrderQuery,
} from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { micromarkets, orders, organizations, products } from '../../db/schema/index.js';
import type { CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { fileUrl } from '../../lib/storage.js';
import { readSettings } from '../micromarkets/index.js';
import { orderableMicromarketFor, pricesAt } from './order-rules.js';
import * as repo from './orders.repository.js';
import { insertOrder } from './orders.service.js';
import { insertWish } from './wishes.service.js';

/**
 * Orders and wishes as the customer app makes them: the customer's own organisation's
 * micromarkets and products, for themselves only. Staff see them in `/product/order` and the
 * wishes tab like any other, and move them on from there.
 */
export async function appMicromarkets(ctx: ServiceContext, actor: CustomerActor): Promise<TAppMicromarkets> {
  const rows = await ctx.db
    .select({
      id: micromarkets.id,
      name: micromarkets.name,
      address: micromarkets.address,
      settings: micromarkets.settings,
    })
    .from(micromarkets)
    .where(and(eq(micromarkets.orgId, actor.orgId), eq(micromarkets.active, true)))
    .orderBy(asc(micromarkets.name), asc(micromarkets.id));
  return {
    items: rows
      .filter((row) => readSettings(row.settings).available_for_orders)
      .map(({ id, name, address }) => ({ id, name, address })),
  };
}

/** The products of the customer's organisation flagged for orders or for wishes, priced at the micromarket. */
async function appProducts(
  ctx: ServiceContext,
  market: { id: number; orgId: number; currency: string },
  flag: 'orders' | 'wishes',
): Promise<TAppProducts> {
  const rows = await ctx.db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      imageKey: products.imageKey,
      sellCostMinor: products.sellCostMinor,
    })
    .from(products)
    .where(
      and(
        eq(products.orgId, market.orgId),
        eq(products.status, 'active'),
        eq(flag === 'orders' ? products.showInOrders : products.showInWishes, true),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  const priceOf = await pricesAt(ctx.db, market.id, ctx.clock.now());
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description || null,
      image_url: fileUrl(row.imageKey),
      price_minor: priceOf(row.id, row.sellCostMinor),
      currency: market.currency,
    })),
  };
}

const ownOrganisation = (actor: CustomerActor) => (orgId: number) => orgId === actor.orgId;

export async function appOrderProducts(ctx: ServiceContext, actor: CustomerActor, micromarketId: number) {
  return appProducts(ctx, await orderableMicromarketFor(ctx, micromarketId, ownOrganisation(actor)), 'orders');
}

/** An active micromarket of the customer's organisation (404 otherwise), with its currency. */
async function ownMicromarket(ctx: ServiceContext, actor: CustomerActor, id: number) {
  const [row] = await ctx.db
    .select({ id: micromarkets.id, orgId: micromarkets.orgId, currency: organizations.currency })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(and(eq(micromarkets.id, id), eq(micromarkets.orgId, actor.orgId), eq(micromarkets.active, true)));
  if (!row) throw notFound();
  return row;
}

export async function appWishProducts(ctx: ServiceContext, actor: CustomerActor, micromarketId: number) {
  return appProducts(ctx, await ownMicromarket(ctx, actor, micromarketId), 'wishes');
}

function toCustomerOrder(row: repo.OrderListRow, lines: repo.OrderLineView[]): TCustomerOrder {
  const { order } = row;
  return {
    id: order.id,
    micromarket_id: order.micromarketId,
    micromarket_name: row.micromarketName,
    status: order.status as OrderStatus,
    total_minor: order.totalMinor,
    currency: order.currency,
    payment_state: order.paymentState as OrderPaymentState,
    note: order.note,
    lines: repo.lineViews(lines),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

export async function listCustomerOrders(
  ctx: ServiceContext,
  actor: CustomerActor,
  query: z.output<typeof ZCustomerOrderQuery>,
): Promise<TCustomerOrderList> {
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const { rows, total } = await repo.listOrders(ctx.db, eq(orders.customerId, actor.userId), page);
  const lines = await repo.linesOf(
    ctx.db,
    rows.map((row) => row.order.id),
  );
  return { items: rows.map((row) => toCustomerOrder(row, lines.get(row.order.id) ?? [])), total };
}

export async function createCustomerOrder(
  ctx: ServiceContext,
  actor: CustomerActor,
  body: z.output<typeof ZCreateCustomerOrder>,
): Promise<TCustomerOrder> {
  const market = await orderableMicromarketFor(ctx, body.micromarket_id, ownOrganisation(actor));
  const id = await insertOrder(ctx, actor, { market, customerId: actor.userId, body });
  const row = (await repo.findOrderRow(ctx.db, id))!;
  const lines = await repo.linesOf(ctx.db, [id]);
  return toCustomerOrder(row, lines.get(id) ?? []);
}

export async function createCustomerWish(
  ctx: ServiceContext,
  actor: CustomerActor,
  body: z.output<typeof ZCreateCustomerWish>,
) {
  await ownMicromarket(ctx, actor, body.micromarket_id);
  await insertWish(ctx, actor, {
    orgId: actor.orgId,
    micromarketId: body.micromarket_id,
    productId: body.product_id,
    customerId: actor.userId,
  });
}
