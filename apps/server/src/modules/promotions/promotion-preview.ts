import type { TBonusPromotionPreview, ZCreateBonusPromotion } from '@vitrina/contract';
import { PROMO_SUBTYPE, SALE_PAYMENT, USER_KIND } from '@vitrina/contract';
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { organizations, transactionProducts, transactions, users } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { groupMemberIds } from '../user-groups/index.js';
import { evaluatePromotions, NEW_USER_WINDOW_MS, type PromotionRule, periodKeyOf } from './promotion-engine.js';
import { assertReferences, columnsOf } from './promotions.service.js';

export const PREVIEW_DAYS = 30;
const SAMPLE_SIZE = 10;
/** A preview replays at most this many sales (the newest are dropped beyond it). */
const PREVIEW_SALES_MAX = 50_000;

/**
 * What a promotion as filled in would do: the customers it reaches today (of its
 * organisations; in its groups; registered in the last 4 weeks with the new-users flag),
 * and what it would have paid had it run over the last 30 days — the paid sales of that
 * window replayed through the engine in order, each customer's period totals and first
 * purchase followed in memory, each period bucket paid once.
 */
export async function previewPromotion(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZCreateBonusPromotion>,
): Promise<TBonusPromotionPreview> {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertVisible(orgId);
  const orgIds = await assertReferences(ctx.db, actor, orgId, body);
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - PREVIEW_DAYS * 86_400_000);
  const columns = columnsOf(body);
  const rule: PromotionRule = { id: 0, orgId, ...columns, startsAt: from, endsAt: null };
  const members = columns.groupIds.length > 0 ? new Set(await groupMemberIds(ctx.db, columns.groupIds)) : null;

  const reached = and(
    eq(users.userType, USER_KIND.client),
    inArray(users.orgId, orgIds),
    body.new_users ? gte(users.createdAt, new Date(now.getTime() - NEW_USER_WINDOW_MS)) : undefined,
    members ? inArray(users.id, [...members, 0]) : undefined,
  );
  const [[total], sample, [org]] = await Promise.all([
    ctx.db.select({ n: count() }).from(users).where(reached),
    ctx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(reached)
      .orderBy(asc(users.name), asc(users.id))
      .limit(SAMPLE_SIZE),
    ctx.db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, orgId)),
  ]);

  const sales = await ctx.db
    .select({
      id: transactions.id,
      orgId: transactions.orgId,
      micromarketId: transactions.micromarketId,
      customerId: transactions.customerId,
      at: transactions.openedAt,
      grossMinor: transactions.grossMinor,
      discountMinor: transactions.discountMinor,
      registeredAt: users.createdAt,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.customerId))
    .where(
      and(
        inArray(transactions.orgId, orgIds),
        eq(transactions.paymentStatus, SALE_PAYMENT.paid),
        eq(transactions.isTest, false),
        gte(transactions.openedAt, from),
        lt(transactions.openedAt, now),
      ),
    )
    .orderBy(asc(transactions.openedAt), asc(transactions.id))
    .limit(PREVIEW_SALES_MAX);

  const customerIds = [...new Set(sales.map((s) => s.customerId as number))];
  const earlier = new Map<number, number>();
  if (body.subtype === PROMO_SUBTYPE.firstPurchaseCashback && customerIds.length > 0) {
    const rows = await ctx.db
      .select({ customerId: transactions.customerId, n: count() })
      .from(transactions)
      .where(
        and(
          inArray(transactions.customerId, customerIds),
          inArray(transactions.orgId, orgIds),
          eq(transactions.paymentStatus, SALE_PAYMENT.paid),
          lt(transactions.openedAt, from),
        ),
      )
      .groupBy(transactions.customerId);
    for (const row of rows) earlier.set(row.customerId as number, row.n);
  }
  const linesOf = new Map<number, { productId: number | null; quantity: number; priceMinor: number }[]>();
  if (body.subtype === PROMO_SUBTYPE.specificProducts && sales.length > 0) {
    const lines = await ctx.db
      .select({
        transactionId: transactionProducts.transactionId,
        productId: transactionProducts.productId,
        quantity: transactionProducts.quantity,
        priceMinor: transactionProducts.priceMinor,
      })
      .from(transactionProducts)
      .where(
        and(
          inArray(transactionProducts.productId, columns.productIds),
          inArray(
            transactionProducts.transactionId,
            sales.map((s) => s.id),
          ),
        ),
      );
    for (const { transactionId, ...line } of lines) {
      linesOf.set(transactionId, [...(linesOf.get(transactionId) ?? []), line]);
    }
  }

  const paidKeys = new Set<string>();
  const periodTotals = new Map<string, number>();
  let wouldPay = 0;
  let paidSales = 0;
  for (const sale of sales) {
    const customerId = sale.customerId as number;
    const purchaseMinor = sale.grossMinor - sale.discountMinor;
    const bucket = `${customerId}:${periodKeyOf(rule.period, rule.startsAt, sale.at)}`;
    periodTotals.set(bucket, (periodTotals.get(bucket) ?? 0) + purchaseMinor);
    const [accrual] = evaluatePromotions(
      [rule],
      { ...sale, purchaseMinor, lines: linesOf.get(sale.id) ?? [] },
      {
        id: customerId,
        registeredAt: sale.registeredAt,
        groupIds: members?.has(customerId) ? columns.groupIds : [],
        earlierPaidSales: earlier.get(customerId) ?? 0,
        periodPurchaseMinor: () => periodTotals.get(bucket) ?? 0,
      },
    );
    earlier.set(customerId, (earlier.get(customerId) ?? 0) + 1);
    if (!accrual || paidKeys.has(accrual.idempotencyKey)) continue;
    paidKeys.add(accrual.idempotencyKey);
    wouldPay += accrual.amountMinor;
    paidSales += 1;
  }
  return {
    customers: total?.n ?? 0,
    sample,
    sales: paidSales,
    would_pay: wouldPay,
    currency: org?.currency ?? 'EUR',
    days: PREVIEW_DAYS,
  };
}
