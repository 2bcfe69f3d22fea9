import type { ZUpsertPersonalPrice } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { getMicromarket } from './micromarkets.service.js';
import { assertProductsOf, type Body, changePart, ownerOf } from './parts-common.service.js';
import * as repo from './prices.repository.js';

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
