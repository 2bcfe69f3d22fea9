import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusOperations, bonusPromotions, transactionProducts, transactions, users } from '../../db/schema/index.js';
import { BONUS_TOP_UP, bookBonus } from '../sales/index.js';
import type { GroupMembers } from './customer-groups.js';
import {
  type CustomerFacts,
  evaluatePromotions,
  PROMOTION_SUBTYPE,
  type PromotionRule,
  periodStartOf,
  type SettledSale,
} from './promotion-engine.js';

type PromotionRow = typeof bonusPromotions.$inferSelect;
type SaleRow = typeof transactions.$inferSelect;

export const PROMOTION_REASON = 'promotion';

export function ruleOf(row: PromotionRow): PromotionRule {
  return {
    id: row.id,
    orgId: row.orgId,
    subtype: row.subtype,
    bonusType: row.bonusType,
    amount: row.amount,
    period: row.period,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    minPurchaseMinor: row.minPurchaseMinor,
    maxPurchaseMinor: row.maxPurchaseMinor,
    newUsersOnly: row.newUsersOnly,
    organizationIds: row.organizationIds,
    micromarketIds: row.micromarketIds,
    groupIds: row.groupIds,
    productIds: row.productIds,
  };
}

/** The one query of the hot path: the running promotions that may apply to an organisation's sale. */
export async function activePromotionsFor(db: Db, orgId: number, at: Date): Promise<PromotionRule[]> {
  const rows = await db
    .select()
    .from(bonusPromotions)
    .where(
      and(
        eq(bonusPromotions.status, 1),
        or(eq(bonusPromotions.orgId, orgId), sql`${bonusPromotions.organizationIds} @> ARRAY[${orgId}]::int[]`),
        sql`${bonusPromotions.startsAt} <= ${at}`,
        sql`(${bonusPromotions.endsAt} IS NULL OR ${bonusPromotions.endsAt} > ${at})`,
      ),
    );
  return rows.map(ruleOf);
}

const orgsOf = (rule: PromotionRule) => [rule.orgId, ...rule.organizationIds];

/** A customer's paid purchases (gross − discount) in the promotion's organisations between two moments. */
async function purchasesBetween(db: Db, customerId: number, rule: PromotionRule, from: Date, to: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.grossMinor} - ${transactions.discountMinor}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.customerId, customerId),
        inArray(transactions.orgId, orgsOf(rule)),
        eq(transactions.paymentStatus, 1),
        gte(transactions.openedAt, from),
        sql`${transactions.openedAt} <= ${to}`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** Which of the groups the customer is in (one question per group the promotions name). */
async function groupsOfCustomer(db: Db, groupMembers: GroupMembers, groupIds: number[], customerId: number) {
  const mine: number[] = [];
  for (const groupId of groupIds) {
    if ((await groupMembers(db, [groupId])).includes(customerId)) mine.push(groupId);
  }
  return mine;
}

/** The facts the engine asks about the customer, read only for the subtypes that need them. */
async function customerFacts(
  db: Db,
  sale: SettledSale,
  customerId: number,
  rules: PromotionRule[],
  groupMembers: GroupMembers,
): Promise<CustomerFacts | null> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, customerId));
  if (!user) return null;
  const groupIds = [...new Set(rules.flatMap((rule) => rule.groupIds))];
  const periodTotals = new Map<number, number>();
  for (const rule of rules.filter((r) => r.subtype === PROMOTION_SUBTYPE.periodPurchaseAmount)) {
    periodTotals.set(
      rule.id,
      await purchasesBetween(db, customerId, rule, periodStartOf(rule.period, rule.startsAt, sale.at), sale.at),
    );
  }
  let earlierPaidSales = 0;
  const cashback = rules.filter((r) => r.subtype === PROMOTION_SUBTYPE.firstPurchaseCashback);
  if (cashback.length > 0) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(transactions)
      .where(
        and(
          eq(transactions.customerId, customerId),
          eq(transactions.paymentStatus, 1),
          inArray(transactions.orgId, [...new Set(cashback.flatMap(orgsOf))]),
          lt(transactions.openedAt, sale.at),
          sql`${transactions.id} <> ${sale.id}`,
        ),
      );
    earlierPaidSales = row?.count ?? 0;
  }
  return {
    id: customerId,
    registeredAt: user.createdAt,
    groupIds: await groupsOfCustomer(db, groupMembers, groupIds, customerId),
    earlierPaidSales,
    periodPurchaseMinor: (rule) => periodTotals.get(rule.id) ?? 0,
  };
}

export async function saleFacts(db: Db, sale: SaleRow): Promise<SettledSale> {
  const lines = await db
    .select({
      productId: transactionProducts.productId,
      quantity: transactionProducts.quantity,
      priceMinor: transactionProducts.priceMinor,
    })
    .from(transactionProducts)
    .where(eq(transactionProducts.transactionId, sale.id));
  return {
    id: sale.id,
    orgId: sale.orgId,
    micromarketId: sale.micromarketId,
    at: sale.openedAt,
    purchaseMinor: sale.grossMinor - sale.discountMinor,
    lines,
  };
}

/**
 * Runs inside the settlement's database transaction: a paid sale of a known customer earns
 * what the running promotions say, booked in the bonus ledger under keys that carry the
 * promotion, the customer and the period bucket (a retried settlement or a second sale in
 * the bucket books nothing), and the sale shows the accrued total from the ledger.
 */
export async function applyPromotions(db: Db, sale: SaleRow, groupMembers: GroupMembers, now: Date): Promise<number> {
  if (sale.paymentStatus !== 1 || sale.customerId === null || sale.isTest) return 0;
  const rules = await activePromotionsFor(db, sale.orgId, sale.openedAt);
  if (rules.length === 0) return 0;
  const facts = await saleFacts(db, sale);
  const customer = await customerFacts(db, facts, sale.customerId, rules, groupMembers);
  if (!customer) return 0;
  const accruals = evaluatePromotions(rules, facts, customer);
  for (const accrual of accruals) {
    await bookBonus(db, {
      orgId: sale.orgId,
      userId: sale.customerId,
      operation: BONUS_TOP_UP,
      amountMinor: accrual.amountMinor,
      transactionId: sale.id,
      reason: PROMOTION_REASON,
      idempotencyKey: accrual.idempotencyKey,
      at: now,
    });
  }
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bonusOperations.amountMinor}), 0)` })
    .from(bonusOperations)
    .where(and(eq(bonusOperations.transactionId, sale.id), eq(bonusOperations.operation, BONUS_TOP_UP)));
  const accrued = Number(row?.total ?? 0);
  if (accrued !== sale.bonusesAccruedMinor) {
    await db.update(transactions).set({ bonusesAccruedMinor: accrued }).where(eq(transactions.id, sale.id));
  }
  return accrued;
}
