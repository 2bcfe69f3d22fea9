import type { TWishCountList, ZCreateWish, ZListWishesQuery } from '@vitrina/contract';
import { USER_KIND } from '@vitrina/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { products, users, wishes } from '../../db/schema/index.js';
import type { CustomerActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { visibleMicromarketOrg } from '../micromarkets/index.js';

/** A micromarket's wishes counted per product, the most wished first. */
export async function listWishes(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  query: z.output<typeof ZListWishesQuery>,
): Promise<TWishCountList> {
  await visibleMicromarketOrg(ctx, actor, micromarketId);
  const where = eq(wishes.micromarketId, micromarketId);
  const count = sql<number>`count(*)::int`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        productId: wishes.productId,
        productName: products.name,
        count,
        customers: sql<number>`(count(DISTINCT ${wishes.customerId}) + count(*) FILTER (WHERE ${wishes.customerId} IS NULL))::int`,
        lastAt: sql<Date>`max(${wishes.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(wishes)
      .innerJoin(products, eq(products.id, wishes.productId))
      .where(where)
      .groupBy(wishes.productId, products.name)
      .orderBy(desc(count), products.name)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db
      .select({ total: sql<number>`count(DISTINCT ${wishes.productId})::int` })
      .from(wishes)
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      product_id: row.productId,
      product_name: row.productName,
      count: row.count,
      customers: row.customers,
      last_at: row.lastAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

/**
 * Records a customer's wish: a product of the micromarket's organisation marked for wish
 * display (400 on `product_id` otherwise), and the customer, when named, one of its customers.
 */
export async function createWish(ctx: ServiceContext, actor: UserActor, body: z.output<typeof ZCreateWish>) {
  const orgId = await visibleMicromarketOrg(ctx, actor, body.micromarket_id);
  actor.scope.assertEditable(orgId);
  if (body.customer_id !== null) {
    const [customer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.customer_id), eq(users.orgId, orgId), eq(users.userType, USER_KIND.client)));
    if (!customer) throw new AppError(400, 'order.customer_unknown', {}, { customer_id: 'order.customer_unknown' });
  }
  await insertWish(ctx, actor, {
    orgId,
    micromarketId: body.micromarket_id,
    productId: body.product_id,
    customerId: body.customer_id,
  });
}

/**
 * Records a wish for a product of the organisation marked for wish display (400 on
 * `product_id` otherwise), audited as `actor`'s (staff, or the customer in the app).
 */
export async function insertWish(
  ctx: ServiceContext,
  actor: UserActor | CustomerActor,
  wish: { orgId: number; micromarketId: number; productId: number; customerId: number | null },
) {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, wish.productId),
        eq(products.orgId, wish.orgId),
        eq(products.showInWishes, true),
        eq(products.status, 'active'),
      ),
    );
  if (!product) throw new AppError(400, 'order.wish_unavailable', {}, { product_id: 'order.wish_unavailable' });
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(wishes)
      .values({
        orgId: wish.orgId,
        micromarketId: wish.micromarketId,
        productId: wish.productId,
        customerId: wish.customerId,
        createdBy: actor.userId,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: wishes.id });
    const after = { micromarket_id: wish.micromarketId, product_id: wish.productId, customer_id: wish.customerId };
    await writeAudit(tx, actor, { action: 'create', entity: 'wish', entityId: row!.id, orgId: wish.orgId, after });
  });
}
