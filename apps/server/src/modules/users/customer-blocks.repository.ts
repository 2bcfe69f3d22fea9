import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerBlocks, users } from '../../db/schema/index.js';

export type CustomerBlockRow = { reason: string; createdByName: string | null; createdAt: Date };

/** The organisation's block of the customer, with who made it, or null. */
export async function findBlock(db: Db, customerId: number, orgId: number): Promise<CustomerBlockRow | null> {
  const [row] = await db
    .select({ reason: customerBlocks.reason, createdByName: users.name, createdAt: customerBlocks.createdAt })
    .from(customerBlocks)
    .leftJoin(users, eq(users.id, customerBlocks.createdBy))
    .where(and(eq(customerBlocks.customerId, customerId), eq(customerBlocks.orgId, orgId)));
  return row ?? null;
}

/** Blocks the customer; false when the organisation had already blocked them. */
export async function insertBlock(db: Db, values: typeof customerBlocks.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(customerBlocks)
    .values(values)
    .onConflictDoNothing()
    .returning({ customerId: customerBlocks.customerId });
  return rows.length > 0;
}

/** Lifts the organisation's block; the reason it had, or null when there was none. */
export async function deleteBlock(db: Db, customerId: number, orgId: number): Promise<{ reason: string } | null> {
  const [row] = await db
    .delete(customerBlocks)
    .where(and(eq(customerBlocks.customerId, customerId), eq(customerBlocks.orgId, orgId)))
    .returning({ reason: customerBlocks.reason });
  return row ?? null;
}
