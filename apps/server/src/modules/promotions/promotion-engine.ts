/**
 * The bonus promotion engine as a pure function: the promotions, one settled sale and what
 * the customer's history says → the accruals. No database and no clock: the sale carries its
 * time, so tests pin every subtype and period with fixed dates. The loader
 * (promotion-settlement.ts) gathers the inputs with one query for the promotions.
 */

import { PROMO_SUBTYPE } from '@vitrina/contract';

/** §5: new users are those registered in the last 4 weeks. */
export const NEW_USER_WINDOW_MS = 28 * 24 * 60 * 60 * 1000;

export type PromotionPeriod =
  | 'once'
  | 'daily'
  | 'weekly'
  | 'monthly'
  | 'every_2_months'
  | 'every_3_months'
  | 'every_half_year'
  | 'yearly';

export type PromotionRule = {
  id: number;
  orgId: number;
  subtype: number;
  bonusType: 'percent' | 'amount';
  amount: number;
  period: PromotionPeriod;
  startsAt: Date;
  endsAt: Date | null;
  minPurchaseMinor: number | null;
  maxPurchaseMinor: number | null;
  newUsersOnly: boolean;
  organizationIds: number[];
  micromarketIds: number[];
  groupIds: number[];
  productIds: number[];
};

export type SettledSale = {
  id: number;
  orgId: number;
  micromarketId: number;
  at: Date;
  /** What the products cost the customer before bonuses: gross − discount. */
  purchaseMinor: number;
  lines: { productId: number | null; quantity: number; priceMinor: number }[];
};

export type CustomerFacts = {
  id: number;
  registeredAt: Date;
  groupIds: readonly number[];
  /** Paid sales before this one in the promotion's organisations (for cashback on the first purchase). */
  earlierPaidSales: number;
  /** Sum of the customer's paid purchases in a period bucket, this sale included (subtype 2). */
  periodPurchaseMinor: (promotion: PromotionRule, periodKey: string) => number;
};

export type Accrual = { promotionId: number; amountMinor: number; periodKey: string; idempotencyKey: string };

const MONTHS_PER_PERIOD: Partial<Record<PromotionPeriod, number>> = {
  monthly: 1,
  every_2_months: 2,
  every_3_months: 3,
  every_half_year: 6,
  yearly: 12,
};

/** The bucket of the promotion's period a moment falls in (UTC; month periods count from the start's month). */
export function periodKeyOf(period: PromotionPeriod, startsAt: Date, at: Date): string {
  if (period === 'once') return 'once';
  if (period === 'daily') return at.toISOString().slice(0, 10);
  if (period === 'weekly') {
    const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return `w${day.toISOString().slice(0, 10)}`;
  }
  const months = MONTHS_PER_PERIOD[period] ?? 1;
  const since = (at.getUTCFullYear() - startsAt.getUTCFullYear()) * 12 + (at.getUTCMonth() - startsAt.getUTCMonth());
  return `m${Math.floor(since / months)}`;
}

/** Where a bucket begins (to sum the customer's purchases since then). */
export function periodStartOf(period: PromotionPeriod, startsAt: Date, at: Date): Date {
  if (period === 'once') return startsAt;
  if (period === 'daily') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'weekly') {
    const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day;
  }
  const months = MONTHS_PER_PERIOD[period] ?? 1;
  const since = (at.getUTCFullYear() - startsAt.getUTCFullYear()) * 12 + (at.getUTCMonth() - startsAt.getUTCMonth());
  const bucket = Math.floor(since / months) * months;
  const start = new Date(Date.UTC(startsAt.getUTCFullYear(), startsAt.getUTCMonth() + bucket, 1));
  return start < startsAt ? startsAt : start;
}

function bonusOf(promotion: PromotionRule, baseMinor: number): number {
  if (promotion.bonusType === 'amount') return promotion.amount;
  const capped =
    promotion.maxPurchaseMinor !== null && promotion.subtype === PROMO_SUBTYPE.periodPurchaseAmount
      ? Math.min(baseMinor, promotion.maxPurchaseMinor)
      : baseMinor;
  return Math.floor((capped * promotion.amount) / 100);
}

function inRange(promotion: PromotionRule, minor: number): boolean {
  if (promotion.minPurchaseMinor !== null && minor < promotion.minPurchaseMinor) return false;
  if (promotion.maxPurchaseMinor !== null && minor > promotion.maxPurchaseMinor) return false;
  return true;
}

/** Whether the promotion is running for this sale's place and time and reaches this customer. */
export function reaches(promotion: PromotionRule, sale: SettledSale, customer: CustomerFacts): boolean {
  if (sale.at < promotion.startsAt || (promotion.endsAt && sale.at >= promotion.endsAt)) return false;
  if (sale.orgId !== promotion.orgId && !promotion.organizationIds.includes(sale.orgId)) return false;
  if (promotion.micromarketIds.length > 0 && !promotion.micromarketIds.includes(sale.micromarketId)) return false;
  if (promotion.groupIds.length > 0 && !promotion.groupIds.some((id) => customer.groupIds.includes(id))) return false;
  if (promotion.newUsersOnly && sale.at.getTime() - customer.registeredAt.getTime() > NEW_USER_WINDOW_MS) return false;
  return true;
}

/** What one promotion pays for the sale (0: nothing), before the once-per-period rule. */
function earned(promotion: PromotionRule, sale: SettledSale, customer: CustomerFacts, periodKey: string): number {
  switch (promotion.subtype) {
    case PROMO_SUBTYPE.purchaseAmount:
    case PROMO_SUBTYPE.once:
    case PROMO_SUBTYPE.regular:
      return inRange(promotion, sale.purchaseMinor) ? bonusOf(promotion, sale.purchaseMinor) : 0;
    case PROMO_SUBTYPE.periodPurchaseAmount: {
      const total = customer.periodPurchaseMinor(promotion, periodKey);
      const threshold = promotion.minPurchaseMinor ?? 0;
      // Pays once, on the sale that takes the period's total over the threshold.
      if (total < threshold || (threshold > 0 && total - sale.purchaseMinor >= threshold)) return 0;
      return bonusOf(promotion, total);
    }
    case PROMO_SUBTYPE.specificProducts: {
      const base = sale.lines
        .filter((line) => line.productId !== null && promotion.productIds.includes(line.productId))
        .reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
      return base > 0 && inRange(promotion, sale.purchaseMinor) ? bonusOf(promotion, base) : 0;
    }
    case PROMO_SUBTYPE.firstPurchaseCashback:
      return customer.earlierPaidSales === 0 && inRange(promotion, sale.purchaseMinor)
        ? bonusOf(promotion, sale.purchaseMinor)
        : 0;
    default:
      return 0;
  }
}

/**
 * The accruals a settled sale earns: each promotion at most once per sale, and at most once
 * per customer and period bucket — the idempotency key carries the bucket, so the ledger
 * refuses a second payment in the same bucket and a retried settlement books nothing twice.
 * Subtype 4 (once) pays once per customer whatever its period says.
 */
export function evaluatePromotions(
  promotions: readonly PromotionRule[],
  sale: SettledSale,
  customer: CustomerFacts,
): Accrual[] {
  const accruals: Accrual[] = [];
  for (const promotion of promotions) {
    if (!reaches(promotion, sale, customer)) continue;
    const period = promotion.subtype === PROMO_SUBTYPE.once ? 'once' : promotion.period;
    const periodKey = periodKeyOf(period, promotion.startsAt, sale.at);
    const amountMinor = earned(promotion, sale, customer, periodKey);
    if (amountMinor <= 0) continue;
    accruals.push({
      promotionId: promotion.id,
      amountMinor,
      periodKey,
      idempotencyKey: `promo:${promotion.id}:user:${customer.id}:${periodKey}`,
    });
  }
  return accruals;
}
