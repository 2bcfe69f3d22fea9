import type { TOrderMicromarketOption, TOrderProductOption, TPersonOption } from '@vitrina/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { micromarkets, organizations, products, rolePermissions, tags, users } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { readSettings } from '../micromarkets/index.js';
import { searchCustomers } from '../users/index.js';
import { orderableMicromarket, pricesAt } from './order-rules.js';

/** Micromarkets the caller edits that take orders, by name. */
export async function orderMicromarkets(
  ctx: ServiceContext,
  actor: UserActor,
): Promise<{ items: TOrderMicromarketOption[] }> {
  const ids = actor.scope.visibleIds;
  const rows = await ctx.db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      name: micromarkets.name,
      settings: micromarkets.settings,
      currency: organizations.currency,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(
      and(
        eq(micromarkets.active, true),
        sql`(${micromarkets.settings} ->> 'available_for_orders') = 'true'`,
        ids === null ? undefined : inArray(micromarkets.orgId, ids),
      ),
    )
    .orderBy(asc(micromarkets.name), asc(micromarkets.id));
  return {
    items: rows
      .filter((row) => actor.scope.canEdit(row.orgId))
      .map((row) => ({
        id: row.id,
        org_id: row.orgId,
        name: row.name,
        currency: row.currency,
        payment_mode: readSettings(row.settings).order_payment_mode,
      })),
  };
}

/** Active products marked for orders, priced at the micromarket, with what it holds of each now. */
export async function orderProducts(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
): Promise<{ items: TOrderProductOption[] }> {
  const market = await orderableMicromarket(ctx, actor, micromarketId);
  const [rows, stock, priceOf] = await Promise.all([
    ctx.db
      .select({ id: products.id, name: products.name, sellCostMinor: products.sellCostMinor })
      .from(products)
      .where(and(eq(products.orgId, market.orgId), eq(products.status, 'active'), eq(products.showInOrders, true)))
      .orderBy(asc(products.name), asc(products.id)),
    ctx.db
      .select({ productId: tags.productId, count: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.micromarketId, market.id), eq(tags.status, 'in_micromarket')))
      .groupBy(tags.productId),
    pricesAt(ctx.db, market.id, ctx.clock.now()),
  ]);
  const inStock = new Map(stock.map((row) => [row.productId, row.count]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      price_minor: priceOf(row.id, row.sellCostMinor),
      in_stock: inStock.get(row.id) ?? 0,
    })),
  };
}

function personMatch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = `%${escapeLike(q)}%`;
  return or(ilike(users.name, like), sql`array_to_string(${users.phones}, ' ') ILIKE ${like}`);
}

const toPerson = (row: { id: number; name: string; phones: string[] }): TPersonOption => ({
  id: row.id,
  name: row.name,
  phone: row.phones[0] ?? null,
});

/** Active customers of the micromarket's organisation by name, email or phone: the one customer search. */
export async function orderCustomers(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  q: string | undefined,
): Promise<{ items: TPersonOption[] }> {
  const market = await orderableMicromarket(ctx, actor, micromarketId);
  return { items: await searchCustomers(ctx.db, { orgId: market.orgId, q, activeOnly: true }) };
}

/** Active users of the micromarket's organisation whose role delivers orders. */
export async function orderCouriers(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  q: string | undefined,
): Promise<{ items: TPersonOption[] }> {
  const [market] = await ctx.db
    .select({ orgId: micromarkets.orgId })
    .from(micromarkets)
    .where(eq(micromarkets.id, micromarketId));
  if (!market) throw notFound();
  actor.scope.assertEditable(market.orgId);
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, phones: users.phones })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(
      and(
        eq(users.orgId, market.orgId),
        eq(users.active, true),
        eq(rolePermissions.permission, 'show_orders_for_courier'),
        personMatch(q),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(20);
  return { items: rows.map(toPerson) };
}
