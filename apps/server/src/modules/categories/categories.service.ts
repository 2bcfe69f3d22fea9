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
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../app.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeAudit } from '../audit/audit.repository.js';
import * as repo from './categories.repository.js';

type ListQuery = z.output<typeof ZListCategoriesQuery>;
type CreateBody = z.output<typeof ZCreateCategory>;
type UpdateBody = z.output<typeof ZUpdateCategory>;
type ReorderBody = z.output<typeof ZReorderCategories>;

const nameTaken = () => new AppError(409, 'category.name_taken', {}, { name: 'category.name_taken' });

async function visibleCategory(ctx: ServiceContext, auth: AuthContext, id: number) {
  const category = await repo.findCategory(ctx.db, id);
  if (!category || !auth.scope.canSee(category.orgId)) throw notFound();
  return category;
}

/** A parent named in a body must exist for the caller; a wrong one is a field error, not a missing page. */
async function visibleParent(ctx: ServiceContext, auth: AuthContext, id: number) {
  const parent = await repo.findCategory(ctx.db, id);
  if (!parent || !auth.scope.canSee(parent.orgId)) {
    throw new AppError(404, 'errors.not_found', {}, { parent_id: 'errors.not_found' });
  }
  return parent;
}

export async function listCategories(ctx: ServiceContext, auth: AuthContext, query: ListQuery): Promise<TCategoryList> {
  if (query.parent_id !== undefined) await visibleCategory(ctx, auth, query.parent_id);
  if (query.org_id !== undefined) auth.scope.assertVisible(query.org_id);
  const items = await repo.listCategories(ctx.db, {
    parentId: query.parent_id ?? null,
    orgId: query.org_id,
    q: query.q,
    orgIds: auth.scope.visibleIds,
  });
  return { items, total: items.length };
}

export async function categoryTree(ctx: ServiceContext, auth: AuthContext, orgId?: number): Promise<TCategoryTree> {
  if (orgId !== undefined) auth.scope.assertVisible(orgId);
  return { items: await repo.listTree(ctx.db, auth.scope.visibleIds, orgId) };
}

export async function getCategory(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TCategoryInfo> {
  await visibleCategory(ctx, auth, id);
  const [category, paths] = await Promise.all([
    repo.findCategoryWithCounts(ctx.db, id),
    repo.categoryPaths(ctx.db, [id]),
  ]);
  if (!category) throw notFound();
  return { ...category, path: paths.get(id) ?? [] };
}

export async function createCategory(
  ctx: ServiceContext,
  auth: AuthContext,
  body: CreateBody,
  request: FastifyRequest,
) {
  const parent = body.parent_id === null ? null : await visibleParent(ctx, auth, body.parent_id);
  // A sub-category always lives in its parent's organisation, whatever the body says.
  const orgId = parent ? parent.orgId : (body.org_id ?? auth.orgId);
  auth.scope.assertEditable(orgId);
  const level = parent ? parent.level + 1 : 1;
  if (level > CATEGORY_MAX_LEVEL) throw badRequest('category.too_deep', { parent_id: 'category.too_deep' });
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findSiblingByName(tx, { orgId, parentId: parent?.id ?? null, name: body.name })) throw nameTaken();
    const categoryId = await repo.insertCategory(tx, { orgId, parentId: parent?.id ?? null, level, name: body.name });
    await writeAudit(tx, request, {
      action: 'create',
      entity: 'category',
      entityId: categoryId,
      orgId,
      after: { name: body.name, parent_id: parent?.id ?? null, level },
    });
    return categoryId;
  });
  return getCategory(ctx, auth, id);
}

export async function updateCategory(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: UpdateBody,
  request: FastifyRequest,
) {
  const category = await visibleCategory(ctx, auth, id);
  auth.scope.assertEditable(category.orgId);
  await ctx.db.transaction(async (tx) => {
    const sibling = { orgId: category.orgId, parentId: category.parentId, name: body.name, exceptId: id };
    if (await repo.findSiblingByName(tx, sibling)) throw nameTaken();
    await repo.renameCategory(tx, id, body.name);
    await writeAudit(tx, request, {
      action: 'update',
      entity: 'category',
      entityId: id,
      orgId: category.orgId,
      before: { name: category.name },
      after: { name: body.name },
    });
  });
  return getCategory(ctx, auth, id);
}

export async function reorderCategories(
  ctx: ServiceContext,
  auth: AuthContext,
  body: ReorderBody,
  request: FastifyRequest,
) {
  const parent = body.parent_id === null ? null : await visibleParent(ctx, auth, body.parent_id);
  const orgId = parent ? parent.orgId : (body.org_id ?? auth.orgId);
  auth.scope.assertEditable(orgId);
  await ctx.db.transaction(async (tx) => {
    const children = new Set(await repo.childIds(tx, orgId, parent?.id ?? null));
    const wanted = new Set(body.ids);
    const isExactSet =
      wanted.size === body.ids.length && wanted.size === children.size && body.ids.every((id) => children.has(id));
    if (!isExactSet) throw badRequest('category.reorder_mismatch', { ids: 'category.reorder_mismatch' });
    await repo.setPositions(tx, body.ids);
    await writeAudit(tx, request, {
      action: 'reorder',
      entity: 'category',
      entityId: parent?.id ?? null,
      orgId,
      after: { parent_id: parent?.id ?? null, ids: body.ids },
    });
  });
}

export async function deleteCategory(ctx: ServiceContext, auth: AuthContext, id: number, request: FastifyRequest) {
  const category = await visibleCategory(ctx, auth, id);
  auth.scope.assertEditable(category.orgId);
  await ctx.db.transaction(async (tx) => {
    const children = await repo.countChildren(tx, id);
    if (children > 0) throw conflict('category.has_children', { count: children });
    const used = await repo.countProductsOf(tx, id);
    if (used > 0) throw conflict('category.in_use', { count: used });
    await repo.deleteCategoryRow(tx, id);
    await writeAudit(tx, request, {
      action: 'delete',
      entity: 'category',
      entityId: id,
      orgId: category.orgId,
      before: { name: category.name, parent_id: category.parentId, level: category.level },
    });
  });
}
