import { BONUS_OP, PROMO_STATUS, PROMO_SUBTYPE, SALE_PAYMENT } from '@vitrina/contract';
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusPromotions, transactionProducts, transactions, users } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { bookBonuses, setBonusesAccrued } from '../sales/index.js';
import { groupsOfCustomer } from '../user-groups/index.js';
import {
  type CustomerFacts,
  evaluatePromotions,
  type PromotionRule,
  periodStartOf,
  type SettledSale,
} from './promotion-engine.js';

type SaleRow = typeof transactions.$inferSelect;

export const PROMOTION_REASON = 'promotion';

/** The running promotions of an organisation (its own and those naming it), kept in memory by the server. */
export type PromotionRulesCache = ServiceContext['promotionRules'];

/** The channel bonus_promotions announces its changes on (migration 0032): '' (everything) each time. */
export const PROMOTIONS_CHANNEL = 'vitrina_promotions';

/** Every running promotion that may pay for a sale of the organisation, whatever its dates, micromarkets or amounts. */
function runningPromotionsOf(db: Db, orgId: number) {
  const p = bonusPromotions;
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.status, PROMO_STATUS.active),
        or(eq(p.orgId, orgId), sql`${p.organizationIds} @> ARRAY[${orgId}]::int[]`),
      ),
    );
}

/**
 * The running promotions that may pay for this sale: besides the organisation, those whose
 * dates, micromarkets or amount bounds leave the sale out are dropped here (the engine checks
 * the same again). The organisation's running promotions come from memory when the server
 * keeps them (`cache`, dropped whenever any promotion changes), else from the database.
 */
export async function activePromotionsFor(
  db: Db,
  sale: { orgId: number; micromarketId: number; at: Date; purchaseMinor: number },
  cache?: PromotionRulesCache,
): Promise<PromotionRule[]> {
  const running = cache
    ? await cache.get(sale.orgId, () => runningPromotionsOf(db, sale.orgId))
    : await runningPromotionsOf(db, sale.orgId);
  const at = sale.at.getTime();
  return running.filter(
    (rule) =>
      rule.startsAt.getTime() <= at &&
      (rule.endsAt === null || rule.endsAt.getTime() > at) &&
      (rule.micromarketIds.length === 0 || rule.micromarketIds.includes(sale.micromarketId)) &&
      // Subtype 2 compares the period's total, not the sale, with its bounds.
      (rule.subtype === PROMO_SUBTYPE.periodPurchaseAmount ||
        ((rule.minPurchaseMinor === null || rule.minPurchaseMinor <= sale.purchaseMinor) &&
          (rule.maxPurchaseMinor === null || rule.maxPurchaseMinor >= sale.purchaseMinor))),
  );
}

const orgsOf = (rule: PromotionRule) => [rule.orgId, ...rule.organizationIds];

/**
 * The customer's paid purchases (gross − discount) for every period-purchase-amount rule, in
 * one query: a sum per organisation for each distinct bucket start, added up per rule over
 * its organisations.
 */
async function periodTotalsOf(db: Db, customerId: number, rules: PromotionRule[], at: Date) {
  const totals = new Map<number, number>();
  if (rules.length === 0) return totals;
  const startOf = new Map(rules.map((rule) => [rule.id, periodStartOf(rule.period, rule.startsAt, at).getTime()]));
  const starts = [...new Set(startOf.values())];
  const columns = Object.fromEntries(
    starts.map((start, i) => [
      `s${i}`,
      sql<string>`coalesce(sum(${transactions.grossMinor} - ${transactions.discountMinor}) FILTER (WHERE ${transactions.openedAt} >= ${new Date(start)}), 0)`,
    ]),
  );
  const rows = await db
    .select({ orgId: transactions.orgId, ...columns })
    .from(transactions)
    .where(
      and(
        eq(transactions.customerId, customerId),
        inArray(transactions.orgId, [...new Set(rules.flatMap(orgsOf))]),
        eq(transactions.paymentStatus, SALE_PAYMENT.paid),
        gte(transactions.openedAt, new Date(Math.min(...starts))),
        sql`${transactions.openedAt} <= ${at}`,
      ),
    )
    .groupBy(transactions.orgId);
  for (const rule of rules) {
    const column = `s${starts.indexOf(startOf.get(rule.id) ?? 0)}`;
    const orgs = orgsOf(rule);
    const sum = rows
      .filter((row) => orgs.includes(row.orgId))
      .reduce((acc, row) => acc + Number((row as Record<string, unknown>)[column] ?? 0), 0);
    totals.set(rule.id, sum);
  }
  return totals;
}

/** The facts the engine asks about the customer, read only for the subtypes that need them. */
async function customerFacts(
  db: Db,
  sale: SettledSale,
  customerId: number,
  rules: PromotionRule[],
): Promise<CustomerFacts | null> {
  const cashback = rules.filter((r) => r.subtype === PROMO_SUBTYPE.firstPurchaseCashback);
  // One round trip for the customer and, when a cashback rule asks, whether they bought before.
  const earlier =
    cashback.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${transactions} WHERE ${and(
          eq(transactions.customerId, customerId),
          eq(transactions.paymentStatus, SALE_PAYMENT.paid),
          inArray(transactions.orgId, [...new Set(cashback.flatMap(orgsOf))]),
          lt(transactions.openedAt, sale.at),
          sql`${transactions.id} <> ${sale.id}`,
        )})`;
  const [user] = await db
    .select({ createdAt: users.createdAt, hasEarlier: earlier })
    .from(users)
    .where(eq(users.id, customerId));
  if (!user) return null;
  const groupIds = [...new Set(rules.flatMap((rule) => rule.groupIds))];
  const periodRules = rules.filter((r) => r.subtype === PROMO_SUBTYPE.periodPurchaseAmount);
  const periodTotals = await periodTotalsOf(db, customerId, periodRules, sale.at);
  const earlierPaidSales = user.hasEarlier ? 1 : 0;
  return {
    id: customerId,
    registeredAt: user.createdAt,
    groupIds: await groupsOfCustomer(db, customerId, groupIds),
    earlierPaidSales,
    periodPurchaseMinor: (rule) => periodTotals.get(rule.id) ?? 0,
  };
}

export async function saleFacts(db: Db, sale: SaleRow, withLines = true): Promise<SettledSale> {
  const lines = !withLines
    ? []
    : await db
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
export async function applyPromotions(db: Db, sale: SaleRow, now: Date, cache?: PromotionRulesCache): Promise<number> {
  if (sale.paymentStatus !== SALE_PAYMENT.paid || sale.customerId === null || sale.isTest) return 0;
  const rules = await activePromotionsFor(
    db,
    {
      orgId: sale.orgId,
      micromarketId: sale.micromarketId,
      at: sale.openedAt,
      purchaseMinor: sale.grossMinor - sale.discountMinor,
    },
    cache,
  );
  if (rules.length === 0) return 0;
  // Only specific-products promotions read the lines.
  const facts = await saleFacts(
    db,
    sale,
    rules.some((rule) => rule.subtype === PROMO_SUBTYPE.specificProducts),
  );
  const customer = await customerFacts(db, facts, sale.customerId, rules);
  if (!customer) return 0;
  const accruals = evaluatePromotions(rules, facts, customer);
  const bookedMinor = await bookBonuses(
    db,
    sale.customerId,
    accruals.map((accrual) => ({
      orgId: sale.orgId,
      operation: BONUS_OP.topUp,
      amountMinor: accrual.amountMinor,
      transactionId: sale.id,
      reason: PROMOTION_REASON,
      idempotencyKey: accrual.idempotencyKey,
      at: now,
    })),
  );
  // What was booked before (an earlier attempt that committed) is on the sale already.
  if (bookedMinor === 0) return sale.bonusesAccruedMinor;
  const accrued = sale.bonusesAccruedMinor + bookedMinor;
  await setBonusesAccrued(db, sale.id, accrued);
  return accrued;
}
