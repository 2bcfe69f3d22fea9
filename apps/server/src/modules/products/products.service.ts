import {
  canMoveProduct,
  TAG_STATUSES,
  type TProductHistory,
  type TProductInfo,
  type TProductList,
  type ZCreateProduct,
  type ZListProductsQuery,
  type ZProductStatusChange,
  type ZUpdateProduct,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { findCategory } from '../categories/index.js';
import { findMaker } from '../makers/index.js';
import * as repo from './products.repository.js';

type ListQuery = z.output<typeof ZListProductsQuery>;
type CreateBody = z.output<typeof ZCreateProduct>;
type UpdateBody = z.output<typeof ZUpdateProduct>;
type StatusBody = z.output<typeof ZProductStatusChange>;

/** How many audit entries the history tab shows. */
const HISTORY_LIMIT = 500;

/** Contract field names to table columns; undefined fields are left as they are. */
function columnsOf(body: UpdateBody): repo.ProductWrite {
  return {
    name: body.name,
    description: body.description,
    article: body.article,
    barcode: body.barcode,
    taxCodes: body.tax_codes,
    weightG: body.weight_g,
    makerId: body.maker_id,
    categoryId: body.category_id,
    baseCostMinor: body.base_cost,
    sellCostMinor: body.sell_cost,
    storagePeriodHours: body.storage_period_hours,
    purchaseLimit: body.purchase_limit,
    showInOrders: body.show_in_orders,
    showInWishes: body.show_in_wishes,
    isPublic: body.is_public,
    forProgrammer: body.for_programmer,
  };
}

export async function listProducts(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TProductList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const { page, per_page, sort, ...rest } = query;
  const filters = { ...rest, orgIds: actor.scope.visibleIds };
  return repo.listProductPage(ctx.db, filters, { limit: per_page, offset: (page - 1) * per_page }, sort);
}

/** The product's row if the caller can see it; 404 otherwise. */
export async function visibleProductRow(ctx: ServiceContext, actor: UserActor, id: number) {
  const row = await repo.findProductRow(ctx.db, id);
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return row;
}

export async function getProduct(ctx: ServiceContext, actor: UserActor, id: number): Promise<TProductInfo> {
  const [product, counts] = await Promise.all([repo.findProduct(ctx.db, id), repo.tagCounts(ctx.db, id)]);
  if (!product || !actor.scope.canSee(product.org_id)) throw notFound();
  const tagCounts = Object.fromEntries(TAG_STATUSES.map((status) => [status, counts[status] ?? 0]));
  return { ...product, tag_counts: tagCounts };
}

/**
 * A maker or category named in a body must be visible (404 naming the field) and belong to
 * the product's organisation (400 naming the field).
 */
async function assertSameOrganisation(
  db: Db,
  actor: UserActor,
  orgId: number,
  refs: { maker_id?: number | null | undefined; category_id?: number | null | undefined },
) {
  const checks = [
    { field: 'maker_id', id: refs.maker_id, find: async (id: number) => (await findMaker(db, id))?.org_id },
    { field: 'category_id', id: refs.category_id, find: async (id: number) => (await findCategory(db, id))?.orgId },
  ];
  for (const check of checks) {
    if (check.id === null || check.id === undefined) continue;
    const refOrg = await check.find(check.id);
    if (refOrg === undefined || !actor.scope.canSee(refOrg)) {
      throw new AppError(404, 'errors.not_found', {}, { [check.field]: 'errors.not_found' });
    }
    if (refOrg !== orgId) {
      throw new AppError(400, 'catalogue.other_organization', {}, { [check.field]: 'catalogue.other_organization' });
    }
  }
}

export async function createProduct(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  await assertSameOrganisation(ctx.db, actor, orgId, body);
  const id = await ctx.db.transaction(async (tx) => {
    const productId = await repo.insertProduct(tx, {
      ...columnsOf(body),
      name: body.name,
      sellCostMinor: body.sell_cost,
      status: body.status,
      orgId,
    });
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, { action: 'create', entity: 'product', entityId: productId, orgId, after });
    return productId;
  });
  return getProduct(ctx, actor, id);
}

export async function updateProduct(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await repo.findProduct(ctx.db, id);
  if (!before || !actor.scope.canSee(before.org_id)) throw notFound();
  actor.scope.assertEditable(before.org_id);
  await assertSameOrganisation(ctx.db, actor, before.org_id, body);
  await ctx.db.transaction(async (tx) => {
    await repo.updateProductRow(tx, id, columnsOf(body), ctx.clock.now());
    const changed = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const previous: Record<string, unknown> = before;
    const was = Object.fromEntries(Object.keys(changed).map((key) => [key, previous[key] ?? null]));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'product',
      entityId: id,
      orgId: before.org_id,
      before: was,
      after: changed,
    });
  });
  return getProduct(ctx, actor, id);
}

/**
 * All or nothing: one illegal move, one invisible or view-only product, and nothing changes.
 * `canMove` is the contract's table of moves; a test gives a stricter one, since today's lets
 * every status reach every other.
 */
export async function changeStatus(
  ctx: ServiceContext,
  actor: UserActor,
  body: StatusBody,
  canMove: typeof canMoveProduct = canMoveProduct,
) {
  const ids = [...new Set(body.ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.findStatuses(tx, ids);
    const visible = rows.filter((row) => actor.scope.canSee(row.orgId));
    if (visible.length !== ids.length) throw notFound();
    for (const row of visible) actor.scope.assertEditable(row.orgId);
    const illegal = visible.filter((row) => !canMove(row.status, body.status));
    if (illegal.length > 0) {
      throw conflict('product.illegal_status', {
        status: body.status,
        names: illegal.map((row) => row.name).join(', '),
      });
    }
    const moving = visible.filter((row) => row.status !== body.status);
    if (moving.length > 0)
      await repo.setStatus(
        tx,
        moving.map((row) => row.id),
        body.status,
        ctx.clock.now(),
      );
    for (const row of moving) {
      await writeAudit(tx, actor, {
        action: 'status',
        entity: 'product',
        entityId: row.id,
        orgId: row.orgId,
        before: { status: row.status },
        after: { status: body.status },
      });
    }
    return { updated: moving.length };
  });
}

export async function productHistory(ctx: ServiceContext, actor: UserActor, id: number): Promise<TProductHistory> {
  await visibleProductRow(ctx, actor, id);
  return { items: await repo.listHistory(ctx.db, id, HISTORY_LIMIT) };
}
