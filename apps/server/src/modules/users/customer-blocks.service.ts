import { api, type TCustomerBlockState, type TUser, USER_KIND } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './customer-blocks.repository.js';
import { getUser } from './users.service.js';

/**
 * Blocks from the cabinets (the operators' blacklist, as Nayax's and 365's card and customer
 * lists): an organisation blocks one of its customers, with a reason, from its micromarkets,
 * and the sales gate refuses them there with §8's "blocked from the cabinet". The block is the
 * customer's organisation's, whoever makes it (its own people, or a main organisation editing
 * a sub-organisation's customers): customers shop only at their own organisation's fridges.
 */
async function customerOf(ctx: ServiceContext, actor: UserActor, id: number): Promise<TUser> {
  const user = await getUser(ctx, actor, id);
  if (user.user_type !== USER_KIND.client) throw conflict('customer_block.not_customer');
  return user;
}

async function stateOf(ctx: ServiceContext, actor: UserActor, user: TUser): Promise<TCustomerBlockState> {
  const block = await repo.findBlock(ctx.db, user.id, user.org_id);
  return {
    block: block
      ? { reason: block.reason, created_by_name: block.createdByName, created_at: block.createdAt.toISOString() }
      : null,
    can_change:
      api.user.blockCustomer.permissions.some((permission) => actor.permissions.has(permission)) &&
      actor.scope.canEdit(user.org_id),
  };
}

export async function customerBlock(ctx: ServiceContext, actor: UserActor, id: number): Promise<TCustomerBlockState> {
  return stateOf(ctx, actor, await customerOf(ctx, actor, id));
}

export async function blockCustomer(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: { reason: string },
): Promise<TCustomerBlockState> {
  const user = await customerOf(ctx, actor, id);
  actor.scope.assertEditable(user.org_id);
  await ctx.db.transaction(async (tx) => {
    const isNew = await repo.insertBlock(tx, {
      orgId: user.org_id,
      customerId: id,
      reason: body.reason,
      createdBy: actor.userId,
      createdAt: ctx.clock.now(),
    });
    if (!isNew) throw conflict('customer_block.already_blocked');
    await writeAudit(tx, actor, {
      action: 'block',
      entity: 'customer_block',
      entityId: id,
      orgId: user.org_id,
      after: { reason: body.reason },
    });
  });
  return stateOf(ctx, actor, user);
}

export async function unblockCustomer(ctx: ServiceContext, actor: UserActor, id: number): Promise<TCustomerBlockState> {
  const user = await customerOf(ctx, actor, id);
  actor.scope.assertEditable(user.org_id);
  await ctx.db.transaction(async (tx) => {
    const lifted = await repo.deleteBlock(tx, id, user.org_id);
    if (!lifted) throw conflict('customer_block.not_blocked');
    await writeAudit(tx, actor, {
      action: 'unblock',
      entity: 'customer_block',
      entityId: id,
      orgId: user.org_id,
      before: { reason: lifted.reason },
    });
  });
  return stateOf(ctx, actor, user);
}
