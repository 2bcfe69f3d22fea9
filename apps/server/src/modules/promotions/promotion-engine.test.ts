import { describe, expect, it } from 'vitest';
import {
  type CustomerFacts,
  evaluatePromotions,
  type PromotionPeriod,
  type PromotionRule,
  periodKeyOf,
  periodStartOf,
  type SettledSale,
} from './promotion-engine.js';

/** The fixed clock of these tests: Wednesday 2026-03-18 12:00 UTC. */
const NOW = new Date(Date.UTC(2026, 2, 18, 12));
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);

function rule(overrides: Partial<PromotionRule> = {}): PromotionRule {
  return {
    id: 7,
    orgId: 1,
    subtype: 1,
    bonusType: 'percent',
    amount: 10,
    period: 'daily',
    startsAt: new Date(Date.UTC(2026, 0, 1)),
    endsAt: null,
    minPurchaseMinor: null,
    maxPurchaseMinor: null,
    newUsersOnly: false,
    organizationIds: [],
    micromarketIds: [],
    groupIds: [],
    productIds: [],
    ...overrides,
  };
}

function sale(overrides: Partial<SettledSale> = {}): SettledSale {
  return {
    id: 100,
    orgId: 1,
    micromarketId: 5,
    at: NOW,
    purchaseMinor: 2000,
    lines: [
      { productId: 11, quantity: 2, priceMinor: 500 },
      { productId: 12, quantity: 1, priceMinor: 1000 },
    ],
    ...overrides,
  };
}

function customer(overrides: Partial<CustomerFacts> = {}): CustomerFacts {
  return {
    id: 42,
    registeredAt: day(-100),
    groupIds: [],
    earlierPaidSales: 3,
    periodPurchaseMinor: () => 2000,
    ...overrides,
  };
}

const amounts = (promotions: PromotionRule[], s = sale(), c = customer()) =>
  evaluatePromotions(promotions, s, c).map((a) => a.amountMinor);

describe('subtype 1 purchase amount', () => {
  it('pays a percent of the purchase, floored, or a fixed amount', () => {
    expect(amounts([rule({ amount: 7 })], sale({ purchaseMinor: 1999 }))).toEqual([139]);
    expect(amounts([rule({ bonusType: 'amount', amount: 250 })])).toEqual([250]);
  });
  it('pays only between the min and max purchase amounts', () => {
    const bounded = rule({ minPurchaseMinor: 1000, maxPurchaseMinor: 3000 });
    expect(amounts([bounded], sale({ purchaseMinor: 999 }))).toEqual([]);
    expect(amounts([bounded], sale({ purchaseMinor: 1000 }))).toEqual([100]);
    expect(amounts([bounded], sale({ purchaseMinor: 3001 }))).toEqual([]);
  });
});

describe('subtype 2 period purchase amount', () => {
  const periodRule = rule({ subtype: 2, minPurchaseMinor: 5000, period: 'monthly', bonusType: 'amount', amount: 300 });
  it('pays on the sale that takes the period total over the threshold, not before, not after', () => {
    expect(amounts([periodRule], sale(), customer({ periodPurchaseMinor: () => 4000 }))).toEqual([]);
    expect(amounts([periodRule], sale(), customer({ periodPurchaseMinor: () => 5500 }))).toEqual([300]);
    expect(amounts([periodRule], sale(), customer({ periodPurchaseMinor: () => 9000 }))).toEqual([]);
  });
  it('a percent is of the period total, capped at the max purchase amount', () => {
    const percent = rule({ subtype: 2, minPurchaseMinor: 5000, maxPurchaseMinor: 6000, period: 'monthly', amount: 10 });
    expect(amounts([percent], sale({ purchaseMinor: 2000 }), customer({ periodPurchaseMinor: () => 6500 }))).toEqual([
      600,
    ]);
  });
});

describe('subtype 3 specific products', () => {
  it('pays a percent of the listed products only', () => {
    expect(amounts([rule({ subtype: 3, productIds: [11] })])).toEqual([100]);
    expect(amounts([rule({ subtype: 3, productIds: [99] })])).toEqual([]);
  });
});

describe('subtypes 4 once and 5 regular (date promotions)', () => {
  it('once pays once per customer whatever the period', () => {
    const [accrual] = evaluatePromotions(
      [rule({ subtype: 4, period: 'daily', groupIds: [3] })],
      sale(),
      customer({ groupIds: [3] }),
    );
    expect(accrual?.periodKey).toBe('once');
    expect(accrual?.idempotencyKey).toBe('promo:7:user:42:once');
  });
  it('regular pays once per period bucket and reaches only its groups', () => {
    const regular = rule({ subtype: 5, period: 'weekly', groupIds: [3], bonusType: 'amount', amount: 50 });
    expect(amounts([regular], sale(), customer({ groupIds: [4] }))).toEqual([]);
    const monday = evaluatePromotions([regular], sale({ at: day(-2) }), customer({ groupIds: [3] }))[0];
    const sunday = evaluatePromotions([regular], sale({ at: day(4) }), customer({ groupIds: [3] }))[0];
    const nextMonday = evaluatePromotions([regular], sale({ at: day(5) }), customer({ groupIds: [3] }))[0];
    expect(monday?.idempotencyKey).toBe(sunday?.idempotencyKey);
    expect(nextMonday?.idempotencyKey).not.toBe(monday?.idempotencyKey);
  });
});

describe('subtype 6 cashback on the first purchase', () => {
  it('pays only when the customer has no earlier paid sale', () => {
    const cashback = rule({ subtype: 6, amount: 5, period: 'once' });
    expect(amounts([cashback], sale(), customer({ earlierPaidSales: 0 }))).toEqual([100]);
    expect(amounts([cashback], sale(), customer({ earlierPaidSales: 1 }))).toEqual([]);
  });
});

describe('who and where', () => {
  it('respects dates, organisations, micromarkets and the new-users flag (4 weeks)', () => {
    expect(amounts([rule({ startsAt: day(1) })])).toEqual([]);
    expect(amounts([rule({ endsAt: NOW })])).toEqual([]);
    expect(amounts([rule({ orgId: 2 })])).toEqual([]);
    expect(amounts([rule({ orgId: 2, organizationIds: [1] })])).toEqual([200]);
    expect(amounts([rule({ micromarketIds: [6] })])).toEqual([]);
    expect(amounts([rule({ newUsersOnly: true })], sale(), customer({ registeredAt: day(-29) }))).toEqual([]);
    expect(amounts([rule({ newUsersOnly: true })], sale(), customer({ registeredAt: day(-27) }))).toEqual([200]);
  });
  it('each promotion at most once per sale; several promotions add up', () => {
    const accruals = evaluatePromotions(
      [rule({ id: 1 }), rule({ id: 2, bonusType: 'amount', amount: 30 })],
      sale(),
      customer(),
    );
    expect(accruals.map((a) => [a.promotionId, a.amountMinor])).toEqual([
      [1, 200],
      [2, 30],
    ]);
  });
});

describe('periods', () => {
  const start = new Date(Date.UTC(2026, 0, 15));
  const cases: [PromotionPeriod, Date, Date, boolean][] = [
    ['once', day(-300), day(300), true],
    ['daily', new Date(Date.UTC(2026, 2, 18, 0)), new Date(Date.UTC(2026, 2, 18, 23, 59)), true],
    ['daily', new Date(Date.UTC(2026, 2, 18, 23, 59)), new Date(Date.UTC(2026, 2, 19, 0)), false],
    ['weekly', new Date(Date.UTC(2026, 2, 16)), new Date(Date.UTC(2026, 2, 22, 23)), true],
    ['weekly', new Date(Date.UTC(2026, 2, 22, 23)), new Date(Date.UTC(2026, 2, 23)), false],
    ['monthly', new Date(Date.UTC(2026, 2, 1)), new Date(Date.UTC(2026, 2, 31)), true],
    ['monthly', new Date(Date.UTC(2026, 2, 31)), new Date(Date.UTC(2026, 3, 1)), false],
    ['every_2_months', new Date(Date.UTC(2026, 0, 20)), new Date(Date.UTC(2026, 1, 28)), true],
    ['every_2_months', new Date(Date.UTC(2026, 1, 28)), new Date(Date.UTC(2026, 2, 1)), false],
    ['every_3_months', new Date(Date.UTC(2026, 0, 20)), new Date(Date.UTC(2026, 2, 31)), true],
    ['every_3_months', new Date(Date.UTC(2026, 2, 31)), new Date(Date.UTC(2026, 3, 1)), false],
    ['every_half_year', new Date(Date.UTC(2026, 0, 20)), new Date(Date.UTC(2026, 5, 30)), true],
    ['every_half_year', new Date(Date.UTC(2026, 5, 30)), new Date(Date.UTC(2026, 6, 1)), false],
    ['yearly', new Date(Date.UTC(2026, 0, 20)), new Date(Date.UTC(2026, 11, 31)), true],
    ['yearly', new Date(Date.UTC(2026, 11, 31)), new Date(Date.UTC(2027, 0, 1)), false],
  ];
  it.each(cases)('%s: %s and %s share a bucket: %s', (period, a, b, same) => {
    expect(periodKeyOf(period, start, a) === periodKeyOf(period, start, b)).toBe(same);
  });
  it('a bucket starts at its first moment, never before the promotion', () => {
    expect(periodStartOf('every_3_months', start, new Date(Date.UTC(2026, 4, 5))).toISOString()).toBe(
      '2026-04-01T00:00:00.000Z',
    );
    expect(periodStartOf('monthly', start, new Date(Date.UTC(2026, 0, 20))).toISOString()).toBe(start.toISOString());
    expect(periodStartOf('weekly', start, NOW).toISOString()).toBe('2026-03-16T00:00:00.000Z');
  });
});
