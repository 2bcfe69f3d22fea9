import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusOperations, users } from '../../db/schema/index.js';

/** §4 bonus operations. */
export const BONUS_TOP_UP = 1;
export const BONUS_WITHDRAW = 2;

/** A customer's bonus balance: the sum of the ledger, never the cached column. */
export async function bonusBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(CASE WHEN ${bonusOperations.operation} = 1 THEN ${bonusOperations.amountMinor} ELSE -${bonusOperations.amountMinor} END), 0)`,
    })
    .from(bonusOperations)
    .where(eq(bonusOperations.userId, userId));
  return Number(row?.balance ?? 0);
}

/**
 * Books one operation once per key (a retried settlement books nothing twice) and refreshes
 * the user's cached balance from the ledger in the same database transaction. Answers
 * whether it was booked now. A withdrawal beyond the balance is refused by the caller,
 * who reads the balance in the same transaction after locking the user row.
 */
export async function bookBonus(
  db: Db,
  values: {
    orgId: number;
    userId: number;
    operation: typeof BONUS_TOP_UP | typeof BONUS_WITHDRAW;
    amountMinor: number;
    transactionId: number | null;
    reason: string;
    idempotencyKey: string;
    createdBy?: number | null;
    at: Date;
  },
): Promise<boolean> {
  if (values.amountMinor <= 0) return false;
  const { at, ...row } = values;
  const [booked] = await db
    .insert(bonusOperations)
    .values({ ...row, createdBy: row.createdBy ?? null, createdAt: at })
    .onConflictDoNothing({ target: bonusOperations.idempotencyKey })
    .returning({ id: bonusOperations.id });
  if (!booked) return false;
  const balance = await bonusBalance(db, values.userId);
  await db.update(users).set({ bonuses: balance }).where(eq(users.id, values.userId));
  return true;
}

/**
 * Books several top-ups of one customer at once (a sale's promotion accruals), each once per
 * key, in one statement, and refreshes the cached balance once if any was booked. Answers
 * the amount booked now (0 when every key was booked before).
 */
export async function bookBonuses(
  db: Db,
  userId: number,
  rows: {
    orgId: number;
    operation: typeof BONUS_TOP_UP | typeof BONUS_WITHDRAW;
    amountMinor: number;
    transactionId: number | null;
    reason: string;
    idempotencyKey: string;
    at: Date;
  }[],
): Promise<number> {
  const values = rows
    .filter((row) => row.amountMinor > 0)
    .map(({ at, ...row }) => ({ ...row, userId, createdBy: null, createdAt: at }));
  if (values.length === 0) return 0;
  const booked = await db
    .insert(bonusOperations)
    .values(values)
    .onConflictDoNothing({ target: bonusOperations.idempotencyKey })
    .returning({ amountMinor: bonusOperations.amountMinor });
  if (booked.length === 0) return 0;
  const balance = await bonusBalance(db, userId);
  await db.update(users).set({ bonuses: balance }).where(eq(users.id, userId));
  return booked.reduce((sum, row) => sum + row.amountMinor, 0);
}

/** Locks the customer's row so two sales cannot spend the same bonuses. */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
