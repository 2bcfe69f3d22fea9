/** What the services of the micromarket's parts (shelves, discounts, personal prices, price tags) share. */
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { recordEvent } from './device-events.repository.js';
import { getEditableMicromarket } from './micromarkets.service.js';
import { countProductsOfOrg } from './parts-common.repository.js';

export type Body<T extends z.ZodType> = z.output<T>;

export const fieldError = (
  status: 400 | 409,
  field: string,
  key: 'micromarket.foreign_item' | 'micromarket.shelf_number_taken' | 'micromarket.label_taken',
) => new AppError(status, status === 400 ? 'errors.bad_request' : key, {}, { [field]: key });

/**
 * One change to a part of a micromarket, in one transaction with its audit row and its
 * history line; 404 when the micromarket is invisible, 403 when view-only.
 */
export async function changePart<T>(
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

export async function assertProductsOf(db: Db, orgId: number, ids: number[] | undefined, field: string) {
  if (!ids || ids.length === 0) return;
  if ((await countProductsOfOrg(db, orgId, ids)) !== new Set(ids).size) {
    throw fieldError(400, field, 'micromarket.foreign_item');
  }
}

export async function ownerOf(found: { micromarketId: number } | null) {
  if (!found) throw notFound();
  return found.micromarketId;
}
