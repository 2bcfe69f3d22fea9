import type { TBonusHistoryItem } from '@vitrina/contract';
import { BONUS_OP } from '@vitrina/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { bonusOperations, organizations, users } from '../../db/schema/index.js';

const creator = alias(users, 'creator');

function historyQuery(db: Db) {
  return db
    .select({
      id: bonusOperations.id,
      userId: bonusOperations.userId,
      operation: bonusOperations.operation,
      amountMinor: bonusOperations.amountMinor,
      reason: bonusOperations.reason,
      transactionId: bonusOperations.transactionId,
      createdBy: bonusOperations.createdBy,
      createdByName: creator.name,
      createdAt: bonusOperations.createdAt,
    })
    .from(bonusOperations)
    .leftJoin(creator, eq(creator.id, bonusOperations.createdBy));
}

type Row = Awaited<ReturnType<typeof historyQuery>>[number];

function toItem(row: Row): TBonusHistoryItem {
  return {
    id: row.id,
    operation: row.operation === BONUS_OP.topUp ? BONUS_OP.topUp : BONUS_OP.withdraw,
    amount_minor: row.amountMinor,
    reason: row.reason,
    transaction_id: row.transactionId,
    created_by_id: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** A customer's ledger, newest first (the `(user_id, id)` index). */
export async function bonusHistory(db: Db, userId: number, page: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    historyQuery(db)
      .where(eq(bonusOperations.userId, userId))
      .orderBy(desc(bonusOperations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(bonusOperations).where(eq(bonusOperations.userId, userId)),
  ]);
  return { items: rows.map(toItem), total: count?.total ?? 0 };
}

/** The operation booked under `key`, with its customer, to answer a repeated request the same. */
export async function operationByKey(db: Db, key: string): Promise<(TBonusHistoryItem & { userId: number }) | null> {
  const [row] = await historyQuery(db).where(eq(bonusOperations.idempotencyKey, key));
  return row ? { ...toItem(row), userId: row.userId } : null;
}

export async function currencyOf(db: Db, orgId: number): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.currency ?? 'UAH';
}
