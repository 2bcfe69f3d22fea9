import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, programmingTasks, storageBatches, tags } from '../../db/schema/index.js';

/** What the programmer needs to know of a product; the products module owns the rest. */
export async function findProductForProgrammer(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      orgId: products.orgId,
      name: products.name,
      status: products.status,
      forProgrammer: products.forProgrammer,
      storagePeriodHours: products.storagePeriodHours,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/** Codes of the list already written, in any organisation: a code is a physical chip. */
export async function takenCodes(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.select({ code: tags.code }).from(tags).where(inArray(tags.code, codes)).orderBy(tags.code);
  return rows.map((row) => row.code);
}

export async function insertBatch(db: Db, values: typeof storageBatches.$inferInsert): Promise<number> {
  const [row] = await db.insert(storageBatches).values(values).returning({ id: storageBatches.id });
  return row!.id;
}

/** One multi-row insert for the whole batch. */
export async function insertNewTags(
  db: Db,
  batch: { orgId: number; productId: number; batchId: number; storeUpTo: Date },
  codes: string[],
): Promise<void> {
  await db.insert(tags).values(codes.map((code) => ({ ...batch, code, status: 'new' as const })));
}

/** New tasks for the programmer (the planning's batches), in one multi-row insert. */
export async function insertProgrammingTasks(db: Db, rows: (typeof programmingTasks.$inferInsert)[]): Promise<void> {
  await db.insert(programmingTasks).values(rows);
}

/** Written tags count toward the product's open tasks, oldest first; a task is done once written whole. */
export async function countTowardTasks(db: Db, productId: number, written: number, now: Date): Promise<void> {
  const open = await db
    .select({ id: programmingTasks.id, quantity: programmingTasks.quantity, programmed: programmingTasks.programmed })
    .from(programmingTasks)
    .where(and(eq(programmingTasks.productId, productId), isNull(programmingTasks.doneAt)))
    .orderBy(asc(programmingTasks.id))
    .for('update');
  let left = written;
  for (const task of open) {
    if (left === 0) break;
    const part = Math.min(left, task.quantity - task.programmed);
    left -= part;
    const programmed = task.programmed + part;
    await db
      .update(programmingTasks)
      .set({ programmed, doneAt: programmed >= task.quantity ? now : null })
      .where(eq(programmingTasks.id, task.id));
  }
}

export async function openTasks(db: Db, visibleIds: number[] | null) {
  return db
    .select({
      id: programmingTasks.id,
      orgId: programmingTasks.orgId,
      productId: programmingTasks.productId,
      productName: products.name,
      quantity: programmingTasks.quantity,
      programmed: programmingTasks.programmed,
      createdAt: programmingTasks.createdAt,
    })
    .from(programmingTasks)
    .innerJoin(products, eq(products.id, programmingTasks.productId))
    .where(
      and(
        isNull(programmingTasks.doneAt),
        visibleIds === null ? undefined : inArray(programmingTasks.orgId, visibleIds),
      ),
    )
    .orderBy(asc(programmingTasks.id))
    .limit(200);
}
