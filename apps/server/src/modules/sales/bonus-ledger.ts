import { BONUS_OP } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { bonusOperations, users } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { refreshCachedBonusesSql, setCachedBonuses } from '../auth/index.js';

/** §4 bonus operations. */
export const BONUS_TOP_UP = BONUS_OP.topUp;
export const BONUS_WITHDRAW = BONUS_OP.withdraw;

/** A customer's bonus balance: the sum of the ledger, never the cached column. */
export async function bonusBalance(db: Db, userId: number): Promise<number> {
  const [row] = await balanceOf(db, { userId });
  return Number(row?.balance ?? 0);
}
// Every door close with a known customer asks it: built once (prepared.ts).
const balanceOf = preparedQuery<{ userId: number }, { balance: string }[]>((db) =>
  db
    .select({
      balance: sql<string>`coalesce(sum(CASE WHEN ${bonusOperations.operation} = 1 THEN ${bonusOperations.amountMinor} ELSE -${bonusOperations.amountMinor} END), 0)`,
    })
    .from(bonusOperations)
    .where(eq(bonusOperations.userId, sql.placeholder('userId'))),
);

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
  await setCachedBonuses(db, values.userId, balance);
  return true;
}

/**
 * Books several operations of one customer at once (a sale's promotion accruals), each once
 * per key, and refreshes the cached balance, in one statement: the balance is the ledger as
 * the statement found it plus what it booked. Answers the amount booked now (0 when every
 * key was booked before).
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
  const values = rows.filter((row) => row.amountMinor > 0);
  if (values.length === 0) return 0;
  const signed = sql.raw(`CASE WHEN operation = ${BONUS_OP.topUp} THEN amount_minor ELSE -amount_minor END`);
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO bonus_operations (org_id, user_id, operation, amount_minor, transaction_id, reason, idempotency_key, created_at)
      VALUES ${sql.join(
        values.map(
          (row) =>
            sql`(${row.orgId}, ${userId}, ${row.operation}, ${row.amountMinor}, ${row.transactionId}, ${row.reason}, ${row.idempotencyKey}, ${row.at.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING operation, amount_minor
    ), booked AS (
      SELECT count(*) AS n, coalesce(sum(amount_minor), 0) AS total, coalesce(sum(${signed}), 0) AS delta FROM ins
    )
    ${refreshCachedBonusesSql({
      userId,
      balance: sql`(SELECT coalesce(sum(${signed}), 0) FROM bonus_operations WHERE user_id = ${userId}) + (SELECT delta FROM booked)`,
      when: sql`(SELECT n FROM booked) > 0`,
      returning: sql`(SELECT total FROM booked) AS total`,
    })}`);
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
}

/** Locks the customer's row so two sales cannot spend the same bonuses. */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
