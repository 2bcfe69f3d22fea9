import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  bonusOperations,
  deviceEvents,
  doorSessions,
  organizations,
  products,
  transactions,
  users,
} from '../../db/schema/index.js';

/** The card's header columns that the list does not carry. */
export async function findSaleDetails(db: Db, id: number) {
  const [row] = await db
    .select({
      sale: transactions,
      organizationName: organizations.name,
      customerEmail: users.email,
    })
    .from(transactions)
    .innerJoin(organizations, eq(organizations.id, transactions.orgId))
    .leftJoin(users, eq(users.id, transactions.customerId))
    .where(eq(transactions.id, id));
  return row ?? null;
}

/** The operators' refund requests of a sale (the audit log's `refund_request`), oldest first, with who made them. */
export async function refundRequestsOf(db: Db, id: number) {
  return db
    .select({ at: auditLog.createdAt, byName: users.name, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(eq(auditLog.entity, 'transaction'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'refund_request')),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** Who a user is, by name, for the card (who resolved a sensor dispute). */
export async function userNameOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

export async function bonusesOfSale(db: Db, id: number) {
  return db
    .select()
    .from(bonusOperations)
    .where(eq(bonusOperations.transactionId, id))
    .orderBy(asc(bonusOperations.id));
}

export async function findDoorSession(db: Db, id: string) {
  const [row] = await db.select().from(doorSessions).where(eq(doorSessions.id, id));
  return row ?? null;
}

/** What the micromarket reported while the door was open, oldest first (at most `limit`). */
export async function eventsBetween(db: Db, micromarketId: number, from: Date, to: Date, limit: number) {
  return db
    .select()
    .from(deviceEvents)
    .where(and(eq(deviceEvents.micromarketId, micromarketId), gte(deviceEvents.at, from), lte(deviceEvents.at, to)))
    .orderBy(asc(deviceEvents.at), asc(deviceEvents.id))
    .limit(limit);
}

export async function productNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
