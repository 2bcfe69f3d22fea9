import {
  api,
  BONUS_OP,
  type TBonusChangeResult,
  type TBonusHistory,
  type TUser,
  USER_KIND,
  type ZBonusChange,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { formatMinor } from '../../lib/money.js';
import { writeAudit } from '../audit/index.js';
import { bonusBalance, bookBonus, lockCustomer } from '../sales/index.js';
import * as repo from './bonuses.repository.js';
import { getUser } from './users.service.js';

async function customerOf(ctx: ServiceContext, actor: UserActor, id: number): Promise<TUser> {
  const user = await getUser(ctx, actor, id);
  if (user.user_type !== USER_KIND.client) throw conflict('user.not_customer');
  return user;
}

export async function bonusHistory(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  page: { page: number; per_page: number },
): Promise<TBonusHistory> {
  const user = await customerOf(ctx, actor, id);
  const [history, balance, currency] = await Promise.all([
    repo.bonusHistory(ctx.db, id, { limit: page.per_page, offset: (page.page - 1) * page.per_page }),
    bonusBalance(ctx.db, id),
    repo.currencyOf(ctx.db, user.org_id),
  ]);
  return {
    ...history,
    balance_minor: balance,
    currency,
    // The change endpoint's own permission (edit_user_bonuses: the spec names none, docs/decisions/037-customers-and-employees.md).
    can_change:
      api.user.changeBonuses.permissions.some((permission) => actor.permissions.has(permission)) &&
      actor.scope.canEdit(user.org_id),
  };
}

/**
 * §4 bonus operations by an operator: top up (1) or withdraw (2), with a reason, booked in
 * the ledger under the form's key (a repeated request answers the booked row, books nothing),
 * the customer's row locked so a sale cannot spend the same bonuses meanwhile; a withdrawal
 * never takes the balance below zero. Audited in the same transaction.
 */
export async function changeBonuses(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZBonusChange>,
): Promise<TBonusChangeResult> {
  const user = await customerOf(ctx, actor, id);
  actor.scope.assertEditable(user.org_id);
  const key = `manual:${id}:${body.idempotency_key}`;
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, id);
    const booked = await repo.operationByKey(tx, key);
    if (booked) {
      const same =
        booked.userId === id &&
        booked.operation === body.operation &&
        booked.amount_minor === body.amount_minor &&
        booked.reason === body.reason;
      if (!same) throw conflict('bonus.key_reused');
      const { userId: _userId, ...item } = booked;
      return { balance_minor: await bonusBalance(tx, id), operation: item };
    }
    const before = await bonusBalance(tx, id);
    if (body.operation === BONUS_OP.withdraw && body.amount_minor > before) {
      const currency = await repo.currencyOf(tx, user.org_id);
      throw new AppError(
        409,
        'bonus.insufficient',
        { balance: formatMinor(before, currency) },
        { amount_minor: 'bonus.insufficient' },
      );
    }
    await bookBonus(tx, {
      orgId: user.org_id,
      userId: id,
      operation: body.operation,
      amountMinor: body.amount_minor,
      transactionId: null,
      reason: body.reason,
      idempotencyKey: key,
      createdBy: actor.userId,
      at: ctx.clock.now(),
    });
    const operation = await repo.operationByKey(tx, key);
    const balance = await bonusBalance(tx, id);
    await writeAudit(tx, actor, {
      action: body.operation === BONUS_OP.withdraw ? 'bonus_withdraw' : 'bonus_top_up',
      entity: 'user',
      entityId: id,
      orgId: user.org_id,
      before: { bonuses: before },
      after: { bonuses: balance, operation: body.operation, amount_minor: body.amount_minor, reason: body.reason },
    });
    const { userId: _userId, ...item } = operation!;
    return { balance_minor: balance, operation: item };
  });
}
