import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, storageBatches, tags } from '../../db/schema/index.js';

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
