import type { TPlanBatchesResult, ZPlanBatches } from '@vitrina/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { products, programmingTasks } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { writeAudit } from '../audit/index.js';
import { insertProgrammingTasks } from '../tags/index.js';
import { planWithPicks } from './planning.service.js';

/**
 * Turns the plan into work for the tag programmer: for each product the filter's plan
 * needs more of than the storage holds, a task to write the difference, less what open
 * tasks of the product already ask for (so pressing twice asks once). Products of view-only
 * organisations are left out. One transaction with its audit entry.
 */
export async function createBatches(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZPlanBatches>,
): Promise<TPlanBatchesResult> {
  const { pick } = await planWithPicks(ctx, actor, body);
  const short = pick.filter((line) => line.bring > line.in_storage);
  if (short.length === 0) return { created: 0, items: [] };
  const ids = short.map((line) => line.product_id);
  return ctx.db.transaction(async (tx) => {
    const [owners, open] = await Promise.all([
      tx.select({ id: products.id, orgId: products.orgId }).from(products).where(inArray(products.id, ids)),
      tx
        .select({
          productId: programmingTasks.productId,
          remaining: sql<number>`sum(${programmingTasks.quantity} - ${programmingTasks.programmed})::int`,
        })
        .from(programmingTasks)
        .where(and(inArray(programmingTasks.productId, ids), isNull(programmingTasks.doneAt)))
        .groupBy(programmingTasks.productId),
    ]);
    const orgOf = new Map(owners.map((row) => [row.id, row.orgId]));
    const asked = new Map(open.map((row) => [row.productId, row.remaining]));
    const items = short
      .map((line) => ({
        product_id: line.product_id,
        product_name: line.product_name,
        quantity: line.bring - line.in_storage - (asked.get(line.product_id) ?? 0),
        orgId: orgOf.get(line.product_id),
      }))
      .filter((item) => item.quantity > 0 && item.orgId !== undefined && actor.scope.canEdit(item.orgId));
    if (items.length === 0) return { created: 0, items: [] };
    await insertProgrammingTasks(
      tx,
      items.map((item) => ({
        orgId: item.orgId!,
        productId: item.product_id,
        quantity: item.quantity,
        createdBy: actor.userId,
        createdAt: ctx.clock.now(),
      })),
    );
    for (const orgId of new Set(items.map((item) => item.orgId!))) {
      await writeAudit(tx, actor, {
        action: 'plan_batches',
        entity: 'programming_task',
        orgId,
        after: items.filter((item) => item.orgId === orgId).map(({ orgId: _, ...item }) => item),
      });
    }
    return { created: items.length, items: items.map(({ orgId: _, ...item }) => item) };
  });
}
