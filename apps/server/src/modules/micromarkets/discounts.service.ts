import type { ZCreateDiscount } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './discounts.repository.js';
import { getMicromarket } from './micromarkets.service.js';
import { type Body, changePart, ownerOf } from './parts-common.service.js';

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
