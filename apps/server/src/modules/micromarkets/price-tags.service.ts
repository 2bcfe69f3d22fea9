import type { ZCreatePriceTag, ZUpdatePriceTag } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { getMicromarket } from './micromarkets.service.js';
import { assertProductsOf, type Body, changePart, fieldError, ownerOf } from './parts-common.service.js';
import * as repo from './price-tags.repository.js';
import { findShelfOwner } from './shelves.repository.js';

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
    const shelf = await findShelfOwner(tx, body.shelf_id);
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
