import type {
  ZCreateDiscount,
  ZCreatePriceTag,
  ZCreateShelf,
  ZUpdatePriceTag,
  ZUpdateShelf,
  ZUpsertPersonalPrice,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { recordEvent } from './device-events.repository.js';
import { getEditableMicromarket, getMicromarket } from './micromarkets.service.js';
import * as repo from './parts.repository.js';

type Body<T extends z.ZodType> = z.output<T>;

const fieldError = (
  status: 400 | 409,
  field: string,
  key: 'micromarket.foreign_item' | 'micromarket.shelf_number_taken' | 'micromarket.label_taken',
) => new AppError(status, status === 400 ? 'errors.bad_request' : key, {}, { [field]: key });

/**
 * One change to a part of a micromarket, in one transaction with its audit row and its
 * history line; 404 when the micromarket is invisible, 403 when view-only.
 */
async function changePart<T>(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  change: { entity: string; action: string; event: string },
  write: (tx: Db, orgId: number) => Promise<{ result: T; entityId: number; before?: unknown; after?: unknown }>,
): Promise<T> {
  const micromarket = await getEditableMicromarket(ctx, actor, micromarketId);
  return ctx.db.transaction(async (tx) => {
    const { result, entityId, before, after } = await write(tx, micromarket.org_id);
    await writeAudit(tx, actor, {
      action: change.action,
      entity: change.entity,
      entityId,
      orgId: micromarket.org_id,
      before,
      after,
    });
    await recordEvent(tx, actor, micromarketId, change.event, { id: entityId });
    return result;
  });
}

async function assertProductsOf(db: Db, orgId: number, ids: number[] | undefined, field: string) {
  if (!ids || ids.length === 0) return;
  if ((await repo.countProductsOfOrg(db, orgId, ids)) !== new Set(ids).size) {
    throw fieldError(400, field, 'micromarket.foreign_item');
  }
}

// --- shelves ------------------------------------------------------------------------------

export async function listShelves(ctx: ServiceContext, actor: UserActor, micromarketId: number) {
  await getMicromarket(ctx, actor, micromarketId);
  return { items: await repo.listShelves(ctx.db, micromarketId) };
}

async function shelfOf(ctx: ServiceContext, micromarketId: number, shelfId: number) {
  const [shelf] = await repo.listShelves(ctx.db, micromarketId, shelfId);
  return shelf!;
}

export async function createShelf(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: Body<typeof ZCreateShelf>,
) {
  const id = await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'shelf', action: 'create', event: 'shelf_created' },
    async (tx, orgId) => {
      if (await repo.isShelfNumberTaken(tx, micromarketId, body.number)) {
        throw fieldError(409, 'number', 'micromarket.shelf_number_taken');
      }
      await assertProductsOf(tx, orgId, body.product_ids, 'product_ids');
      const shelfId = await repo.insertShelf(tx, {
        micromarketId,
        number: body.number,
        name: body.name ?? null,
        trackers: body.trackers ?? [],
      });
      await repo.replaceShelfProducts(tx, shelfId, body.product_ids ?? []);
      return { result: shelfId, entityId: shelfId, after: body };
    },
  );
  return shelfOf(ctx, micromarketId, id);
}

async function ownerOf(found: { micromarketId: number } | null) {
  if (!found) throw notFound();
  return found.micromarketId;
}

export async function updateShelf(
  ctx: ServiceContext,
  actor: UserActor,
  shelfId: number,
  body: Body<typeof ZUpdateShelf>,
) {
  const micromarketId = await ownerOf(await repo.findShelfOwner(ctx.db, shelfId));
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'shelf', action: 'update', event: 'shelf_updated' },
    async (tx, orgId) => {
      if (body.number !== undefined && (await repo.isShelfNumberTaken(tx, micromarketId, body.number, shelfId))) {
        throw fieldError(409, 'number', 'micromarket.shelf_number_taken');
      }
      await assertProductsOf(tx, orgId, body.product_ids, 'product_ids');
      const [before] = await repo.listShelves(tx, micromarketId, shelfId);
      await repo.updateShelfRow(
        tx,
        shelfId,
        { number: body.number, name: body.name, trackers: body.trackers },
        ctx.clock.now(),
      );
      if (body.product_ids) await repo.replaceShelfProducts(tx, shelfId, body.product_ids);
      return { result: null, entityId: shelfId, before, after: body };
    },
  );
  return shelfOf(ctx, micromarketId, shelfId);
}

export async function deleteShelf(ctx: ServiceContext, actor: UserActor, shelfId: number) {
  const micromarketId = await ownerOf(await repo.findShelfOwner(ctx.db, shelfId));
  const before = await shelfOf(ctx, micromarketId, shelfId);
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'shelf', action: 'delete', event: 'shelf_deleted' },
    async (tx) => {
      await repo.deleteShelfRow(tx, shelfId);
      return { result: null, entityId: shelfId, before };
    },
  );
}

// --- discounts ----------------------------------------------------------------------------

export async function listDiscounts(ctx: ServiceContext, actor: UserActor, micromarketId: number) {
  await getMicromarket(ctx, actor, micromarketId);
  return { items: await repo.listDiscounts(ctx.db, micromarketId, ctx.clock.now()) };
}

export async function createDiscount(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: Body<typeof ZCreateDiscount>,
) {
  const activeTo = body.active_to ? new Date(body.active_to) : null;
  if (activeTo && activeTo.getTime() <= ctx.clock.nowMs()) {
    throw new AppError(400, 'errors.bad_request', {}, { active_to: 'validation.future_date' });
  }
  const id = await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'discount', action: 'create', event: 'discount_created' },
    async (tx) => {
      const discountId = await repo.insertDiscount(tx, { micromarketId, percent: body.percent, activeTo });
      return { result: discountId, entityId: discountId, after: body };
    },
  );
  const [discount] = await repo.listDiscounts(ctx.db, micromarketId, ctx.clock.now(), id);
  return discount!;
}

export async function deleteDiscount(ctx: ServiceContext, actor: UserActor, id: number) {
  const micromarketId = await ownerOf(await repo.findDiscountOwner(ctx.db, id));
  const [before] = await repo.listDiscounts(ctx.db, micromarketId, ctx.clock.now(), id);
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'discount', action: 'delete', event: 'discount_deleted' },
    async (tx) => {
      await repo.deleteDiscountRow(tx, id);
      return { result: null, entityId: id, before };
    },
  );
}

// --- personal prices ----------------------------------------------------------------------

export async function listPrices(ctx: ServiceContext, actor: UserActor, micromarketId: number) {
  await getMicromarket(ctx, actor, micromarketId);
  return { items: await repo.listPrices(ctx.db, micromarketId) };
}

export async function upsertPrice(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: Body<typeof ZUpsertPersonalPrice>,
) {
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'personal_price', action: 'upsert', event: 'price_set' },
    async (tx, orgId) => {
      await assertProductsOf(tx, orgId, [body.product_id], 'product_id');
      const [before] = await repo.listPrices(tx, micromarketId, body.product_id);
      await repo.upsertPriceRow(
        tx,
        { micromarketId, productId: body.product_id, priceMinor: body.price },
        ctx.clock.now(),
      );
      return { result: null, entityId: body.product_id, before: before ?? null, after: body };
    },
  );
  const [price] = await repo.listPrices(ctx.db, micromarketId, body.product_id);
  return price!;
}

export async function deletePrice(ctx: ServiceContext, actor: UserActor, id: number) {
  const price = await repo.findPrice(ctx.db, id);
  const micromarketId = await ownerOf(price);
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'personal_price', action: 'delete', event: 'price_deleted' },
    async (tx) => {
      await repo.deletePriceRow(tx, id);
      return { result: null, entityId: id, before: price };
    },
  );
}

// --- price tags ---------------------------------------------------------------------------

export async function listPriceTags(ctx: ServiceContext, actor: UserActor, micromarketId: number) {
  await getMicromarket(ctx, actor, micromarketId);
  return { items: await repo.listPriceTags(ctx.db, micromarketId, ctx.clock.now()) };
}

async function checkPriceTag(
  tx: Db,
  options: { micromarketId: number; orgId: number; exceptId?: number; body: Body<typeof ZUpdatePriceTag> },
) {
  const { micromarketId, orgId, exceptId, body } = options;
  if (body.label_code && (await repo.isLabelTaken(tx, micromarketId, body.label_code, exceptId))) {
    throw fieldError(409, 'label_code', 'micromarket.label_taken');
  }
  if (body.shelf_id) {
    const shelf = await repo.findShelfOwner(tx, body.shelf_id);
    if (shelf?.micromarketId !== micromarketId) throw fieldError(400, 'shelf_id', 'micromarket.foreign_item');
  }
  if (body.product_id) await assertProductsOf(tx, orgId, [body.product_id], 'product_id');
}

export async function createPriceTag(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: Body<typeof ZCreatePriceTag>,
) {
  const id = await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'price_tag', action: 'create', event: 'price_tag_created' },
    async (tx, orgId) => {
      await checkPriceTag(tx, { micromarketId, orgId, body });
      const tagId = await repo.insertPriceTag(tx, {
        micromarketId,
        labelCode: body.label_code,
        shelfId: body.shelf_id ?? null,
        productId: body.product_id ?? null,
      });
      return { result: tagId, entityId: tagId, after: body };
    },
  );
  const [tag] = await repo.listPriceTags(ctx.db, micromarketId, ctx.clock.now(), id);
  return tag!;
}

export async function updatePriceTag(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: Body<typeof ZUpdatePriceTag>,
) {
  const before = await repo.findPriceTag(ctx.db, id);
  const micromarketId = await ownerOf(before);
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'price_tag', action: 'update', event: 'price_tag_updated' },
    async (tx, orgId) => {
      await checkPriceTag(tx, { micromarketId, orgId, exceptId: id, body });
      await repo.updatePriceTagRow(tx, id, {
        labelCode: body.label_code,
        shelfId: body.shelf_id,
        productId: body.product_id,
      });
      return { result: null, entityId: id, before, after: body };
    },
  );
  const [tag] = await repo.listPriceTags(ctx.db, micromarketId, ctx.clock.now(), id);
  return tag!;
}

export async function deletePriceTag(ctx: ServiceContext, actor: UserActor, id: number) {
  const before = await repo.findPriceTag(ctx.db, id);
  const micromarketId = await ownerOf(before);
  await changePart(
    ctx,
    actor,
    micromarketId,
    { entity: 'price_tag', action: 'delete', event: 'price_tag_deleted' },
    async (tx) => {
      await repo.deletePriceTagRow(tx, id);
      return { result: null, entityId: id, before };
    },
  );
}
