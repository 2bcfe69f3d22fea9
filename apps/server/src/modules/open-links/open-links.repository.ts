import { SALE_PAYMENT } from '@vitrina/contract';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  deviceCommands,
  micromarkets,
  openingClaims,
  openLinks,
  openRequests,
  organizations,
  transactions,
  users,
} from '../../db/schema/index.js';

export type OpenLinkRow = typeof openLinks.$inferSelect & { createdByName: string | null };

export async function insertLink(db: Db, values: typeof openLinks.$inferInsert) {
  const [row] = await db.insert(openLinks).values(values).returning();
  return row!;
}

/** The links that still work: not expired, and for couriers not used. */
export async function listActiveLinks(db: Db, micromarketId: number, now: Date): Promise<OpenLinkRow[]> {
  const rows = await db
    .select({ link: openLinks, createdByName: users.name })
    .from(openLinks)
    .leftJoin(users, eq(users.id, openLinks.createdBy))
    .where(and(eq(openLinks.micromarketId, micromarketId), gt(openLinks.expiresAt, now), isNull(openLinks.usedAt)))
    .orderBy(desc(openLinks.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row.link, createdByName: row.createdByName }));
}

export async function findLinkWithOrg(db: Db, token: string) {
  const [row] = await db
    .select({ link: openLinks, orgId: micromarkets.orgId })
    .from(openLinks)
    .innerJoin(micromarkets, eq(micromarkets.id, openLinks.micromarketId))
    .where(eq(openLinks.token, token))
    .limit(1);
  return row ?? null;
}

/** A link that works now, of this kind, with what the public page shows of its micromarket. */
export async function findWorkingLink(db: Db, token: string, kind: 'customer' | 'courier', now: Date) {
  const [row] = await db
    .select({
      token: openLinks.token,
      kind: openLinks.kind,
      micromarketId: micromarkets.id,
      orgId: micromarkets.orgId,
      name: micromarkets.name,
      address: micromarkets.address,
      active: micromarkets.active,
      isOrgActive: organizations.active,
      settings: micromarkets.settings,
      lockedAt: micromarkets.lockedAt,
    })
    .from(openLinks)
    .innerJoin(micromarkets, eq(micromarkets.id, openLinks.micromarketId))
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(
      and(eq(openLinks.token, token), eq(openLinks.kind, kind), gt(openLinks.expiresAt, now), isNull(openLinks.usedAt)),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a courier link used; answers false when another request used it first. */
export async function claimLink(db: Db, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(openLinks)
    .set({ usedAt: now })
    .where(and(eq(openLinks.token, token), isNull(openLinks.usedAt), gt(openLinks.expiresAt, now)))
    .returning({ token: openLinks.token });
  return rows.length > 0;
}

/**
 * Claims the micromarket's customer opening for one request, unless another request's claim is
 * still running: one statement, so of two instances racing for it one wins (the other's insert
 * waits on the key, then finds the claim alive). Answers whether this request holds it.
 */
export async function claimOpening(
  db: Db,
  claim: { micromarketId: number; claim: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(openingClaims)
    .values({ micromarketId: claim.micromarketId, claim: claim.claim, expiresAt: claim.expiresAt })
    .onConflictDoUpdate({
      target: openingClaims.micromarketId,
      set: { claim: claim.claim, expiresAt: claim.expiresAt },
      setWhere: lte(openingClaims.expiresAt, claim.now),
    })
    .returning({ claim: openingClaims.claim });
  return rows.length > 0;
}

/** Lets the micromarket's opening go, if this request still holds it. */
export async function releaseOpening(db: Db, claim: { micromarketId: number; claim: string }) {
  await db
    .delete(openingClaims)
    .where(and(eq(openingClaims.micromarketId, claim.micromarketId), eq(openingClaims.claim, claim.claim)));
}

export async function expireLink(db: Db, token: string, now: Date) {
  await db
    .update(openLinks)
    .set({ expiresAt: sql`least(${openLinks.expiresAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(openLinks.token, token));
}

export async function insertRequest(db: Db, values: typeof openRequests.$inferInsert): Promise<number> {
  const [row] = await db.insert(openRequests).values(values).returning({ id: openRequests.id });
  return row!.id;
}

/** The opening a web purchase's sale was made with: its request and door command. */
export async function findOpeningOfSale(db: Db, saleId: number) {
  const [row] = await db
    .select({ requestId: openRequests.id, commandId: openRequests.commandId })
    .from(transactions)
    .innerJoin(openRequests, eq(openRequests.commandId, transactions.commandId))
    .where(eq(transactions.id, saleId))
    .limit(1);
  return row ?? null;
}

/** §4 payment statuses a settled sale ends in: 1 paid, 2 not paid, 3 nothing taken. */
const SETTLED_PAYMENT_STATUSES = [1, 2, 3];

/**
 * The status of a door command that a link opening queued, if it was queued after `since`,
 * and its web purchase once settled (what was taken, and the receipt when paid).
 */
export async function findOpeningStatus(db: Db, commandId: string, since: Date) {
  const [row] = await db
    .select({ status: deviceCommands.status, sale: transactions })
    .from(openRequests)
    .innerJoin(deviceCommands, eq(deviceCommands.id, openRequests.commandId))
    .leftJoin(transactions, eq(transactions.commandId, openRequests.commandId))
    .where(and(eq(openRequests.commandId, commandId), gt(deviceCommands.createdAt, since)))
    .limit(1);
  if (!row) return null;
  const sale = row.sale;
  const isSettled = sale !== null && sale.closedAt !== null && SETTLED_PAYMENT_STATUSES.includes(sale.paymentStatus);
  return {
    status: row.status,
    sale: isSettled
      ? {
          amount_minor: sale.paidMinor,
          currency: sale.currency,
          payment_status: sale.paymentStatus,
          receipt_path: sale.paymentStatus === SALE_PAYMENT.paid ? `/receipt/${sale.token}` : null,
        }
      : null,
  };
}
