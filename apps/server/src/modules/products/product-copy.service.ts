import type { TCopyResult, ZCopyProducts } from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { makers, products } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { newStorageKey } from '../../lib/storage.js';
import { writeAudit } from '../audit/index.js';
import { categoryPaths, insertCategory, type PathItem } from '../categories/index.js';
import { insertMaker } from '../makers/index.js';
import * as repo from './product-copy.repository.js';
import { insertProduct, updateProductRow } from './products.repository.js';

type CopyBody = z.output<typeof ZCopyProducts>;
type ProductRow = typeof products.$inferSelect;
type MakerRow = typeof makers.$inferSelect;
type CopiedImage = { productId: number; imageKey: string | null; thumbKey: string | null };

type CopyRun = {
  tx: Db;
  actor: UserActor;
  orgId: number;
  index: repo.TargetIndex;
  result: TCopyResult;
  images: CopiedImage[];
};

/** The target's maker of the same name, created when missing. */
async function targetMaker(run: CopyRun, source: MakerRow): Promise<number> {
  const existing = run.index.makers.get(repo.nameKey(source.name));
  if (existing !== undefined) return existing;
  const { id: _id, orgId: _orgId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = source;
  const id = await insertMaker(run.tx, { ...fields, orgId: run.orgId });
  run.index.makers.set(repo.nameKey(source.name), id);
  run.result.makers_created += 1;
  await writeAudit(run.tx, run.actor, {
    action: 'create',
    entity: 'maker',
    entityId: id,
    orgId: run.orgId,
    after: { name: source.name, copied_from: source.id },
  });
  return id;
}

/** The target's category at the same path of names, each missing level created. */
async function targetCategory(run: CopyRun, path: PathItem[]): Promise<number | null> {
  let parentId: number | null = null;
  for (const item of path) {
    const key = repo.categoryKey(parentId, item.name);
    let id = run.index.categories.get(key);
    if (id === undefined) {
      id = await insertCategory(run.tx, { orgId: run.orgId, parentId, level: item.level, name: item.name });
      run.index.categories.set(key, id);
      run.result.categories_created += 1;
      await writeAudit(run.tx, run.actor, {
        action: 'create',
        entity: 'category',
        entityId: id,
        orgId: run.orgId,
        after: { name: item.name, parent_id: parentId, level: item.level, copied_from: item.id },
      });
    }
    parentId = id;
  }
  return parentId;
}

/** Same article, or the same name when the product has no article. */
function existsInTarget(index: repo.TargetIndex, product: ProductRow): boolean {
  return product.article
    ? index.articles.has(repo.nameKey(product.article))
    : index.names.has(repo.nameKey(product.name));
}

async function copyOne(run: CopyRun, product: ProductRow, maker: MakerRow, path: PathItem[]) {
  if (existsInTarget(run.index, product)) {
    run.result.skipped += 1;
    return;
  }
  const makerId = await targetMaker(run, maker);
  const categoryId = await targetCategory(run, path);
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, imageKey, thumbKey, ...fields } = product;
  const id = await insertProduct(run.tx, { ...fields, orgId: run.orgId, makerId, categoryId });
  if (product.article) run.index.articles.add(repo.nameKey(product.article));
  run.index.names.add(repo.nameKey(product.name));
  if (imageKey || thumbKey) run.images.push({ productId: id, imageKey, thumbKey });
  run.result.copied += 1;
  await writeAudit(run.tx, run.actor, {
    action: 'copy',
    entity: 'product',
    entityId: id,
    orgId: run.orgId,
    after: { copied_from: product.id, from_org_id: product.orgId, name: product.name },
  });
}

/**
 * Each copy gets its own files, so deleting one product's image never breaks another.
 * Done after the commit: a rolled-back copy must leave no files behind.
 */
async function copyImages(ctx: ServiceContext, images: CopiedImage[]) {
  const duplicate = async (key: string | null) => {
    const bytes = key ? await ctx.storage.get(key) : null;
    if (!bytes) return null;
    const copy = newStorageKey('products', 'webp');
    await ctx.storage.put(copy, bytes);
    return copy;
  };
  for (const image of images) {
    const imageKey = await duplicate(image.imageKey);
    const thumbKey = await duplicate(image.thumbKey);
    await updateProductRow(ctx.db, image.productId, { imageKey, thumbKey }, ctx.clock.now());
  }
}

export async function copyProducts(ctx: ServiceContext, actor: UserActor, body: CopyBody): Promise<TCopyResult> {
  const orgIds = [...new Set(body.org_ids)];
  for (const orgId of orgIds) actor.scope.assertEditable(orgId);
  const sourceMakers = await repo.sourceMakers(ctx.db, [...new Set(body.maker_ids)]);
  const makerById = new Map(sourceMakers.filter((m) => actor.scope.canSee(m.orgId)).map((m) => [m.id, m]));
  if (body.maker_ids.some((id) => !makerById.has(id))) {
    throw new AppError(404, 'errors.not_found', {}, { maker_ids: 'errors.not_found' });
  }
  const sources = await repo.sourceProducts(ctx.db, [...makerById.keys()], body.product_ids);
  const paths = await categoryPaths(
    ctx.db,
    sources.flatMap((p) => (p.categoryId === null ? [] : [p.categoryId])),
  );
  const result: TCopyResult = { copied: 0, skipped: 0, makers_created: 0, categories_created: 0 };
  const images: CopiedImage[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const orgId of orgIds) {
      const run: CopyRun = { tx, actor, orgId, index: await repo.targetIndex(tx, orgId), result, images };
      for (const product of sources) {
        const maker = product.makerId === null ? undefined : makerById.get(product.makerId);
        if (!maker) continue;
        await copyOne(run, product, maker, product.categoryId === null ? [] : (paths.get(product.categoryId) ?? []));
      }
    }
  });
  await copyImages(ctx, images);
  return result;
}
