import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * The users table is written by this module only (one writer per table): the users module's
 * accounts and the bonus ledger's cached balance go through these, in the caller's transaction.
 */

export type UserWrite = Partial<typeof users.$inferInsert>;

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUserRow(db: Db, id: number, values: UserWrite, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id));
}

/** The customer's cached bonus balance (the ledger's sum, computed by the caller). */
export async function setCachedBonuses(db: Db, userId: number, balance: number): Promise<void> {
  await db.update(users).set({ bonuses: balance }).where(eq(users.id, userId));
}

/**
 * The statement that refreshes the customer's cached bonus balance, as the tail of the bonus
 * ledger's own statement (its booking and this in one round trip): `balance` is the new
 * value, `when` whether to write it, `returning` what the whole statement answers.
 */
export function refreshCachedBonusesSql(refresh: { userId: number; balance: SQL; when: SQL; returning: SQL }): SQL {
  return sql`UPDATE users
    SET bonuses = ${refresh.balance}
    WHERE id = ${refresh.userId} AND ${refresh.when}
    RETURNING ${refresh.returning}`;
}
