import type { TProgrammingTask, TProgramResult, ZProgramTags } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './programmer.repository.js';

type ProgramBody = z.output<typeof ZProgramTags>;

const HOUR_MS = 3600 * 1000;
/** How many codes a conflict names; the rest would only bury the message. */
const CODES_IN_MESSAGE = 20;

const duplicateCodes = (codes: string[]) =>
  conflict('tag.duplicate_codes', { codes: codes.slice(0, CODES_IN_MESSAGE).join(', ') });

function repeatedIn(codes: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) repeated.add(code);
    seen.add(code);
  }
  return [...repeated];
}

/**
 * Codes written for one product become a storage batch of new tags that keep until the
 * product's storage period runs out. Nothing is written when any code is taken.
 */
export async function programTags(ctx: ServiceContext, actor: UserActor, body: ProgramBody): Promise<TProgramResult> {
  const product = await repo.findProductForProgrammer(ctx.db, body.product_id);
  if (!product || !actor.scope.canSee(product.orgId)) {
    throw new AppError(404, 'errors.not_found', {}, { product_id: 'errors.not_found' });
  }
  actor.scope.assertEditable(product.orgId);
  if (product.status !== 'active' || !product.forProgrammer) throw conflict('product.not_for_programmer');
  const repeated = repeatedIn(body.codes);
  if (repeated.length > 0) throw duplicateCodes(repeated);
  const taken = await repo.takenCodes(ctx.db, body.codes);
  if (taken.length > 0) throw duplicateCodes(taken);

  const storeUpTo = new Date(ctx.clock.nowMs() + product.storagePeriodHours * HOUR_MS);
  try {
    const batchId = await ctx.db.transaction(async (tx) => {
      const id = await repo.insertBatch(tx, {
        orgId: product.orgId,
        productId: product.id,
        createdBy: actor.userId,
        storeUpTo,
        total: body.codes.length,
      });
      await repo.insertNewTags(tx, { orgId: product.orgId, productId: product.id, batchId: id, storeUpTo }, body.codes);
      await repo.countTowardTasks(tx, product.id, body.codes.length, ctx.clock.now());
      await writeAudit(tx, actor, {
        action: 'program',
        entity: 'storage_batch',
        entityId: id,
        orgId: product.orgId,
        after: { product_id: product.id, codes: body.codes, store_up_to: storeUpTo.toISOString() },
      });
      return id;
    });
    return { batch_id: batchId, created: body.codes.length, store_up_to: storeUpTo.toISOString() };
  } catch (error) {
    // Another programmer wrote one of these codes between the check and the insert.
    if (isUniqueViolation(error)) throw duplicateCodes(await repo.takenCodes(ctx.db, body.codes));
    throw error;
  }
}

/** The restock plan's open tasks in the caller's organisations, oldest first. */
export async function listProgrammingTasks(
  ctx: ServiceContext,
  actor: UserActor,
): Promise<{ items: TProgrammingTask[] }> {
  const rows = await repo.openTasks(ctx.db, actor.scope.visibleIds);
  return {
    items: rows.map((row) => ({
      id: row.id,
      org_id: row.orgId,
      product_id: row.productId,
      product_name: row.productName,
      quantity: row.quantity,
      programmed: row.programmed,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
