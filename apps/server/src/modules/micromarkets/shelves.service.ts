import type { ZCreateShelf, ZUpdateShelf } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { getMicromarket } from './micromarkets.service.js';
import { assertProductsOf, type Body, changePart, fieldError, ownerOf } from './parts-common.service.js';
import * as repo from './shelves.repository.js';

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
