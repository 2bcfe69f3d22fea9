import {
  CATEGORY_MAX_LEVEL,
  type TCategoryInfo,
  type TCategoryList,
  type TCategoryTree,
  type ZCreateCategory,
  type ZListCategoriesQuery,
  type ZReorderCategories,
  type ZUpdateCategory,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './categories.repository.js';

type ListQuery = z.output<typeof ZListCategoriesQuery>;
type CreateBody = z.output<typeof ZCreateCategory>;
type UpdateBody = z.output<typeof ZUpdateCategory>;
type ReorderBody = z.output<typeof ZReorderCategories>;

const nameTaken = () => new AppError(409, 'category.name_taken', {}, { name: 'category.name_taken' });

async function visibleCategory(ctx: ServiceContext, actor: UserActor, id: number) {
  const category = await repo.findCategory(ctx.db, id);
  if (!category || !actor.scope.canSee(category.orgId)) throw notFound();
  return category;
}

/** A parent named in a body must exist for the caller; a wrong one is a field error, not a missing page. */
async function visibleParent(ctx: ServiceContext, actor: UserActor, id: number) {
  const parent = await repo.findCategory(ctx.db, id);
  if (!parent || !actor.scope.canSee(parent.orgId)) {
    throw new AppError(404, 'errors.not_found', {}, { parent_id: 'errors.not_found' });
  }
  return parent;
}

/** The list's filters inside the caller's organisations (the list and its export share them). */
export async function categoryFilters(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<repo.CategoryFilters> {
  if (query.parent_id !== undefined) await visibleCategory(ctx, actor, query.parent_id);
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return { parentId: query.parent_id ?? null, orgId: query.org_id, q: query.q, orgIds: actor.scope.visibleIds };
}

export async function listCategories(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TCategoryList> {
  const items = await repo.listCategories(ctx.db, await categoryFilters(ctx, actor, query));
  return { items, total: items.length };
}

export async function categoryTree(ctx: ServiceContext, actor: UserActor, orgId?: number): Promise<TCategoryTree> {
  if (orgId !== undefined) actor.scope.assertVisible(orgId);
  return { items: await repo.listTree(ctx.db, actor.scope.visibleIds, orgId) };
}

export async function getCategory(ctx: ServiceContext, actor: UserActor, id: number): Promise<TCategoryInfo> {
  await visibleCategory(ctx, actor, id);
  const [category, paths] = await Promise.all([
    repo.findCategoryWithCounts(ctx.db, id),
    repo.categoryPaths(ctx.db, [id]),
  ]);
  if (!category) throw notFound();
  return { ...category, path: paths.get(id) ?? [] };
}

export async function createCategory(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  const parent = body.parent_id === null ? null : await visibleParent(ctx, actor, body.parent_id);
  // A sub-category always lives in its parent's organisation, whatever the body says.
  const orgId = parent ? parent.orgId : (body.org_id ?? actor.orgId);
  actor.scope.assertEditable(orgId);
  const level = parent ? parent.level + 1 : 1;
  if (level > CATEGORY_MAX_LEVEL) throw badRequest('category.too_deep', { parent_id: 'category.too_deep' });
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findSiblingByName(tx, { orgId, parentId: parent?.id ?? null, name: body.name })) throw nameTaken();
    const categoryId = await repo.insertCategory(tx, { orgId, parentId: parent?.id ?? null, level, name: body.name });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'category',
      entityId: categoryId,
      orgId,
      after: { name: body.name, parent_id: parent?.id ?? null, level },
    });
    return categoryId;
  });
  return getCategory(ctx, actor, id);
}

export async function updateCategory(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const category = await visibleCategory(ctx, actor, id);
  actor.scope.assertEditable(category.orgId);
  await ctx.db.transaction(async (tx) => {
    const sibling = { orgId: category.orgId, parentId: category.parentId, name: body.name, exceptId: id };
    if (await repo.findSiblingByName(tx, sibling)) throw nameTaken();
    await repo.renameCategory(tx, id, body.name, ctx.clock.now());
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'category',
      entityId: id,
      orgId: category.orgId,
      before: { name: category.name },
      after: { name: body.name },
    });
  });
  return getCategory(ctx, actor, id);
}

export async function reorderCategories(ctx: ServiceContext, actor: UserActor, body: ReorderBody) {
  const parent = body.parent_id === null ? null : await visibleParent(ctx, actor, body.parent_id);
  const orgId = parent ? parent.orgId : (body.org_id ?? actor.orgId);
  actor.scope.assertEditable(orgId);
  await ctx.db.transaction(async (tx) => {
    const children = new Set(await repo.childIds(tx, orgId, parent?.id ?? null));
    const wanted = new Set(body.ids);
    const isExactSet =
      wanted.size === body.ids.length && wanted.size === children.size && body.ids.every((id) => children.has(id));
    if (!isExactSet) throw badRequest('category.reorder_mismatch', { ids: 'category.reorder_mismatch' });
    await repo.setPositions(tx, body.ids, ctx.clock.now());
    await writeAudit(tx, actor, {
      action: 'reorder',
      entity: 'category',
      entityId: parent?.id ?? null,
      orgId,
      after: { parent_id: parent?.id ?? null, ids: body.ids },
    });
  });
}

export async function deleteCategory(ctx: ServiceContext, actor: UserActor, id: number) {
  const category = await visibleCategory(ctx, actor, id);
  actor.scope.assertEditable(category.orgId);
  await ctx.db.transaction(async (tx) => {
    const children = await repo.countChildren(tx, id);
    if (children > 0) throw conflict('category.has_children', { count: children });
    const used = await repo.countProductsOf(tx, id);
    if (used > 0) throw conflict('category.in_use', { count: used });
    await repo.deleteCategoryRow(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'category',
      entityId: id,
      orgId: category.orgId,
      before: { name: category.name, parent_id: category.parentId, level: category.level },
    });
  });
}
