import { type TCourierDoorOpening, translate } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { micromarkets, organizations } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { type CommandDelivery, queueLinkOpening } from '../device-commands/index.js';
import { todaysRoute } from './courier.service.js';

/**
 * A stop the courier may open: visible (404), of an organisation they edit (403), on one of
 * today's routes when they run routes (403), active and of an active organisation (409).
 */
async function openableStop(ctx: ServiceContext, actor: UserActor, id: number) {
  const [row] = await ctx.db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      active: micromarkets.active,
      orgActive: organizations.active,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(eq(micromarkets.id, id));
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  actor.scope.assertEditable(row.orgId);
  const route = await todaysRoute(ctx, actor);
  if (route && !route.micromarketIds.includes(id)) throw forbidden('courier.not_your_stop');
  if (!row.active) throw conflict('courier.not_available');
  if (!row.orgActive) throw conflict('courier.organization_inactive');
  return row;
}

/**
 * The signed-in courier opens the stop for service with one tap: no public form, since the
 * session says who it is. The door command goes through the device command queue as a
 * courier's opening (a food-safety lock does not stop it; an open door or an opening on its
 * way does, §8), audited in the same transaction, and is published at once.
 */
export async function openForService(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  delivery: CommandDelivery | null,
): Promise<TCourierDoorOpening> {
  const stop = await openableStop(ctx, actor, id);
  const now = ctx.clock.now();
  const command = await ctx.db.transaction(async (tx) => {
    const row = await queueLinkOpening(tx, {
      micromarketId: id,
      sessionKind: 'courier',
      label: actor.email,
      requestedBy: actor.userId,
      now,
    });
    await writeAudit(tx, actor, {
      action: 'open_door',
      entity: 'micromarket',
      entityId: id,
      orgId: stop.orgId,
      after: { session_kind: 'courier', command_id: row.id },
    });
    return row;
  });
  // The courier's screen and the micromarket's card follow the command from here.
  ctx.live.publish({
    topic: 'micromarket.command',
    org_id: stop.orgId,
    id: command.id,
    data: { micromarket_id: id, type: command.type, status: command.status },
  });
  await delivery?.deliverNow(command.id);
  return { command_id: command.id, message: translate('device.open_door_queued', actor.locale) };
}
