import { api, type TCreateBonusPromotion, translate } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertClosedSale, insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import {
  auditLog,
  bonusOperations,
  bonusPromotions,
  transactions,
  userGroupPhones,
  userGroups,
  users,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { settleJob } from '../sales/index.js';

/** Bonus promotions: the screens' calls, and what a settled sale earns. */
let ctx: TestContext;
const clock = new TestClock(Date.UTC(2026, 2, 18, 12));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PERMISSION = 'show_bonus_trigger_page' as const;

const cashback = (overrides: Partial<TCreateBonusPromotion> = {}): TCreateBonusPromotion => ({
  name: 'Welcome cashback',
  description: 'Ten percent back on the first purchase',
  type: 3,
  subtype: 6,
  bonus_type: 'percent',
  amount: 10,
  period: 'once',
  start_date: '2026-03-01',
  end_date: null,
  ...overrides,
});

/** A tenant whose main manager may run promotions; a Krakow manager; a user without the permission. */
async function world() {
  const tenant = await createTenant(db());
  const { org } = tenant;
  const manager = (await createSignedInUser(db(), { orgId: org.main, permissions: [PERMISSION] })).token;
  const krakow = (await createSignedInUser(db(), { orgId: org.krakow, permissions: [PERMISSION] })).token;
  const outsider = (await createSignedInUser(db(), { orgId: org.main, permissions: ['show_users_page'] })).token;
  return { org, manager, krakow, outsider };
}

describe('bonus promotion calls', () => {
  it('creates a promotion with every field, audits it, lists it as active, closes it into inactive', async () => {
    const { org, manager } = await world();
    const micromarket = await insertMicromarket(db(), org.main, 'Lobby');
    const product = await insertProduct(db(), org.krakow, { name: 'Latte', sellCostMinor: 500 });
    const fields = {
      description: 'Coffee earns',
      type: 1,
      subtype: 3,
      bonus_type: 'amount',
      amount: 150,
      period: 'weekly',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      min_purchase: 100,
      max_purchase: 50_000,
      new_users: true,
      organization_ids: [org.krakow],
      micromarket_ids: [micromarket],
      product_ids: [product],
    } satisfies Partial<TCreateBonusPromotion>;
    const created = await okApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: {
        ...fields,
        name: ' Latte week ',
        group_ids: [],
      },
    });
    expect(created).toMatchObject({ ...fields, name: 'Latte week', org_id: org.main, status: 1, is_active: true });
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bonus_promotion'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toEqual([{ action: 'create' }]);

    const list = async (status: string) =>
      (await callApi(ctx, api.bonusPromotion.list, { token: manager, query: { status } }))
        .json()
        .items.map((p) => p.id);
    expect(await list('active')).toEqual([created.id]);
    expect(await list('inactive')).toEqual([]);
    const closed = await okApi(ctx, api.bonusPromotion.close, { params: { id: created.id }, token: manager });
    expect(closed).toMatchObject({ status: 2, is_active: false });
    expect(await list('active')).toEqual([]);
    expect(await list('inactive')).toEqual([created.id]);
    const again = await callApi(ctx, api.bonusPromotion.close, { params: { id: created.id }, token: manager });
    expect(again.statusCode).toBe(409);
    const edit = await callApi(ctx, api.bonusPromotion.update, {
      params: { id: created.id },
      token: manager,
      body: cashback(),
    });
    expect(edit.statusCode).toBe(409);
  });

  it('names the field of each broken rule, the §5 group rule with its message in the caller’s language', async () => {
    const { manager } = await world();
    const bad = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ type: 2, subtype: 5, group_ids: [], amount: 150, end_date: '2026-02-01' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toEqual({
      group_ids: 'At least one group must be selected for the current subtype',
      amount: 'Enter a whole percent from 1 to 100',
      end_date: 'The end date cannot be before the start date',
    });
    const ua = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      lang: 'ua',
      body: cashback({ type: 2, subtype: 4 }),
    });
    expect(ua.error().fields!.group_ids).toBe('Для поточного підтипу потрібно обрати хоча б одну групу');
    const mismatched = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ type: 1, subtype: 6, min_purchase: 500, max_purchase: 100 }),
    });
    expect(Object.keys(mismatched.error().fields!).sort()).toEqual(['max_purchase', 'subtype']);
    // A period the contract does not name: sent raw, past the typed client.
    const period = await call(ctx, 'POST', api.bonusPromotion.create.path, {
      token: manager,
      payload: { ...cashback(), period: 'fortnightly' },
    });
    expect(period.json().fields).toEqual({ period: 'Choose a period' });
    const products = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ type: 1, subtype: 3 }),
    });
    expect(Object.keys(products.error().fields!)).toEqual(['product_ids']);
  });

  it('refuses micromarkets and products of organisations the promotion does not cover', async () => {
    const { org, manager } = await world();
    const other = await world();
    const foreign = await insertMicromarket(db(), other.org.main, 'Elsewhere');
    const response = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ micromarket_ids: [foreign] }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.error().fields!)).toEqual(['micromarket_ids']);
    const orgs = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ organization_ids: [other.org.main] }),
    });
    expect(Object.keys(orgs.error().fields!)).toEqual(['organization_ids']);
    // Main sees Kyiv view-only: Kyiv's customers' bonuses are not Main's to promise; Krakow (edit) is fine.
    const viewOnly = await callApi(ctx, api.bonusPromotion.create, {
      token: manager,
      body: cashback({ organization_ids: [org.kyiv] }),
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(Object.keys(viewOnly.error().fields!)).toEqual(['organization_ids']);
    expect(
      (
        await callApi(ctx, api.bonusPromotion.create, {
          token: manager,
          body: cashback({ organization_ids: [org.krakow] }),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('every call: 401 without a token, 403 without the permission, 404 for another tenant, 403 view-only on writes', async () => {
    const { org, manager, outsider } = await world();
    const kyivManager = (await createSignedInUser(db(), { orgId: org.kyiv, permissions: [PERMISSION] })).token;
    const own = await okApi(ctx, api.bonusPromotion.create, { token: manager, body: cashback() });
    const kyivRow = await okApi(ctx, api.bonusPromotion.create, {
      token: kyivManager,
      body: cashback({ org_id: org.kyiv }),
    });
    const other = await world();
    const foreign = await okApi(ctx, api.bonusPromotion.create, { token: other.manager, body: cashback() });
    const calls: [path: string, send: (token?: string) => Promise<{ statusCode: number }>][] = [
      [api.bonusPromotion.list.path, (token) => callApi(ctx, api.bonusPromotion.list, { token })],
      [
        api.bonusPromotion.info.path,
        (token) => callApi(ctx, api.bonusPromotion.info, { params: { id: own.id }, token }),
      ],
      [api.bonusPromotion.create.path, (token) => callApi(ctx, api.bonusPromotion.create, { token, body: cashback() })],
      [
        api.bonusPromotion.update.path,
        (token) => callApi(ctx, api.bonusPromotion.update, { params: { id: own.id }, token, body: cashback() }),
      ],
      [
        api.bonusPromotion.close.path,
        (token) => callApi(ctx, api.bonusPromotion.close, { params: { id: own.id }, token }),
      ],
      [
        api.bonusPromotion.preview.path,
        (token) => callApi(ctx, api.bonusPromotion.preview, { token, body: cashback() }),
      ],
    ];
    for (const [path, send] of calls) {
      expect((await send()).statusCode, path).toBe(401);
      expect((await send(outsider)).statusCode, path).toBe(403);
    }
    const params = { id: foreign.id };
    const theirs = {
      info: await callApi(ctx, api.bonusPromotion.info, { params, token: manager }),
      update: await callApi(ctx, api.bonusPromotion.update, { params, token: manager, body: cashback() }),
      close: await callApi(ctx, api.bonusPromotion.close, { params, token: manager }),
    };
    for (const [path, response] of Object.entries(theirs)) expect(response.statusCode, path).toBe(404);
    expect(
      (await callApi(ctx, api.bonusPromotion.create, { token: manager, body: cashback({ org_id: other.org.main }) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.bonusPromotion.preview, { token: manager, body: cashback({ org_id: other.org.main }) }))
        .statusCode,
    ).toBe(404);
    // Kyiv is linked to main at level 1: its promotions are visible, not editable.
    expect(
      (await callApi(ctx, api.bonusPromotion.info, { params: { id: kyivRow.id }, token: manager })).statusCode,
    ).toBe(200);
    const viewOnly = {
      update: await callApi(ctx, api.bonusPromotion.update, {
        params: { id: kyivRow.id },
        token: manager,
        body: cashback(),
      }),
      close: await callApi(ctx, api.bonusPromotion.close, { params: { id: kyivRow.id }, token: manager }),
      create: await callApi(ctx, api.bonusPromotion.create, { token: manager, body: cashback({ org_id: org.kyiv }) }),
    };
    for (const [path, response] of Object.entries(viewOnly)) {
      expect(response.statusCode, path).toBe(403);
      expect(response.error().message).toBe(translate('errors.view_only', 'en'));
    }
    const listed = (await callApi(ctx, api.bonusPromotion.list, { token: manager })).json();
    expect(listed.items.map((p) => p.id).sort()).toEqual([own.id, kyivRow.id].sort());
  });
});

/** A shop on the test provider: a micromarket, a product, a customer with a card. */
async function shop() {
  const { orgId } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby');
  const product = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 2_000 });
  const customer = await insertCustomerWithCard(db(), orgId);
  const manager = (await createSignedInUser(db(), { orgId, permissions: [PERMISSION] })).token;
  return { orgId, micromarketId, product, customer, manager };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** A closed sale of one product handed to the settlement job, as a door session leaves it. */
async function settledPurchase(s: Shop, priceMinor = 2_000, at = clock.now()) {
  const { sale } = await insertClosedSale(
    db(),
    { orgId: s.orgId, micromarketId: s.micromarketId, customerId: s.customer.userId, closedAt: at },
    [{ productId: s.product, name: 'Sandwich', quantity: 1, priceMinor, source: 'weight' }],
  );
  await settle(sale.id);
  const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
  expect(row).toMatchObject({ status: 1, paymentStatus: 1 });
  return row!;
}

async function settle(id: number) {
  await ctx.app.jobs.enqueue(settleJob, { id }, { key: `sale-settle:${id}:${Math.random()}` });
  await ctx.app.jobs.runDue();
}

const promoOps = (userId: number) =>
  db()
    .select({
      amount: bonusOperations.amountMinor,
      key: bonusOperations.idempotencyKey,
      tx: bonusOperations.transactionId,
    })
    .from(bonusOperations)
    .where(and(eq(bonusOperations.userId, userId), eq(bonusOperations.reason, 'promotion')))
    .orderBy(bonusOperations.id);
const balanceOf = async (userId: number) =>
  (await db().select({ bonuses: users.bonuses }).from(users).where(eq(users.id, userId)))[0]?.bonuses;

describe('promotions at settlement', () => {
  it('cashback on the first purchase is credited once, shown on the sale and in the ledger, idempotent on retry', async () => {
    const s = await shop();
    const promo = await okApi(ctx, api.bonusPromotion.create, { token: s.manager, body: cashback() });
    const first = await settledPurchase(s, 2_000);
    expect(first.bonusesAccruedMinor).toBe(200);
    expect(await promoOps(s.customer.userId)).toEqual([
      { amount: 200, key: `promo:${promo.id}:user:${s.customer.userId}:once`, tx: first.id },
    ]);
    expect(await balanceOf(s.customer.userId)).toBe(200);
    // The settlement runs again (a retry): nothing more is booked.
    await settle(first.id);
    expect(await promoOps(s.customer.userId)).toHaveLength(1);
    // The second purchase is not a first purchase.
    const second = await settledPurchase(s, 3_000);
    expect(second.bonusesAccruedMinor).toBe(0);
    expect(await balanceOf(s.customer.userId)).toBe(200);
    const cashier = await createSignedInUser(db(), { orgId: s.orgId, permissions: ['show_transactions_page'] });
    const card = await callApi(ctx, api.transaction.info, { params: { id: first.id }, token: cashier.token });
    expect(card.json()).toMatchObject({ bonuses_accrued_minor: 200 });
  });

  it('a group promotion pays the group’s customers only; another tenant’s group is refused', async () => {
    const s = await shop();
    const phone = `+38067${String(s.customer.userId).padStart(7, '0')}`;
    await db()
      .update(users)
      .set({ phones: [phone] })
      .where(eq(users.id, s.customer.userId));
    const [group] = await db().insert(userGroups).values({ orgId: s.orgId, name: 'Regulars' }).returning();
    await db().insert(userGroupPhones).values({ groupId: group!.id, phone });
    const regular = cashback({ type: 2, subtype: 5, bonus_type: 'amount', amount: 100, period: 'monthly' });
    const other = await shop();
    const [foreign] = await db().insert(userGroups).values({ orgId: other.orgId, name: 'Theirs' }).returning();
    const refused = await callApi(ctx, api.bonusPromotion.create, {
      token: s.manager,
      body: { ...regular, group_ids: [foreign!.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.error().fields!)).toEqual(['group_ids']);
    await okApi(ctx, api.bonusPromotion.create, { token: s.manager, body: { ...regular, group_ids: [group!.id] } });
    expect((await settledPurchase(s, 1_500)).bonusesAccruedMinor).toBe(100);
    // A customer outside the group earns nothing from it.
    const outsider = { ...s, customer: await insertCustomerWithCard(db(), s.orgId) };
    expect((await settledPurchase(outsider, 1_500)).bonusesAccruedMinor).toBe(0);

    // The group cannot be deleted while the promotion reaches it; once closed, it can.
    const groupAdmin = (
      await createSignedInUser(db(), { orgId: s.orgId, permissions: ['show_users_groups_page', 'edit_users'] })
    ).token;
    const inUse = await callApi(ctx, api.userGroup.delete, { params: { id: group!.id }, token: groupAdmin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.error().message).toMatch(/^1 active promotion\(s\) reach this group/);
    const promotionId = (
      await db().select({ id: bonusPromotions.id }).from(bonusPromotions).where(eq(bonusPromotions.orgId, s.orgId))
    )[0]!.id;
    await okApi(ctx, api.bonusPromotion.close, { params: { id: promotionId }, token: s.manager });
    expect(await okApi(ctx, api.userGroup.delete, { params: { id: group!.id }, token: groupAdmin })).toEqual({
      ok: true,
    });
  });

  it('a daily purchase-amount promotion pays once a day; a closed one pays nothing', async () => {
    const s = await shop();
    const promo = await okApi(ctx, api.bonusPromotion.create, {
      token: s.manager,
      body: {
        ...cashback({ type: 1, subtype: 1, bonus_type: 'amount', amount: 50, period: 'daily', min_purchase: 1_000 }),
      },
    });
    expect((await settledPurchase(s, 999)).bonusesAccruedMinor).toBe(0);
    expect((await settledPurchase(s, 1_500)).bonusesAccruedMinor).toBe(50);
    expect((await settledPurchase(s, 1_500)).bonusesAccruedMinor).toBe(0);
    const tomorrow = new Date(clock.nowMs() + 86_400_000);
    expect((await settledPurchase(s, 1_500, tomorrow)).bonusesAccruedMinor).toBe(50);
    await okApi(ctx, api.bonusPromotion.close, { params: { id: promo.id }, token: s.manager });
    const later = new Date(clock.nowMs() + 2 * 86_400_000);
    expect((await settledPurchase(s, 1_500, later)).bonusesAccruedMinor).toBe(0);
    expect(await balanceOf(s.customer.userId)).toBe(100);
  });

  it('a monthly period-purchase promotion pays on the sale that takes the month over its threshold, once', async () => {
    const s = await shop();
    await okApi(ctx, api.bonusPromotion.create, {
      token: s.manager,
      body: {
        ...cashback({ type: 1, subtype: 2, bonus_type: 'amount', amount: 300, period: 'monthly', min_purchase: 5_000 }),
      },
    });
    const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10));
    expect((await settledPurchase(s, 2_000, day(2))).bonusesAccruedMinor).toBe(0);
    expect((await settledPurchase(s, 2_000, day(3))).bonusesAccruedMinor).toBe(0);
    expect((await settledPurchase(s, 2_000, day(4))).bonusesAccruedMinor).toBe(300);
    expect((await settledPurchase(s, 2_000, day(5))).bonusesAccruedMinor).toBe(0);
    expect(await balanceOf(s.customer.userId)).toBe(300);
  });

  it('a specific-products promotion pays its percent of those products only', async () => {
    const s = await shop();
    await okApi(ctx, api.bonusPromotion.create, {
      token: s.manager,
      body: {
        ...cashback({ type: 1, subtype: 3, amount: 20, period: 'daily', product_ids: [s.product] }),
      },
    });
    expect((await settledPurchase(s, 1_500)).bonusesAccruedMinor).toBe(300);
  });

  it('the preview counts the customers reached and what it would have paid over the last 30 days', async () => {
    const s = await shop();
    await settledPurchase(s, 2_000, new Date(clock.nowMs() - 40 * 86_400_000));
    await settledPurchase(s, 4_000, new Date(clock.nowMs() - 3 * 86_400_000));
    await settledPurchase(s, 1_000, new Date(clock.nowMs() - 86_400_000));
    const preview = await okApi(ctx, api.bonusPromotion.preview, {
      token: s.manager,
      body: {
        ...cashback({ type: 1, subtype: 1, period: 'weekly', amount: 5 }),
      },
    });
    // Sunday and Tuesday are two weeks: 5% of each, the sale 40 days ago outside the window.
    expect(preview).toMatchObject({ customers: 1, sales: 2, would_pay: 250, days: 30 });
    expect(preview.sample).toEqual([expect.objectContaining({ id: s.customer.userId, name: s.customer.name })]);
    // Cashback on the first purchase: the customer's first was 40 days ago, so nothing.
    const first = await okApi(ctx, api.bonusPromotion.preview, { token: s.manager, body: cashback() });
    expect(first).toMatchObject({ sales: 0, would_pay: 0 });
  });
});

describe('running promotions kept in memory', () => {
  it('a promotion changed straight in the table (psql, another instance) is paid, then not, from the announcement on', async () => {
    const s = await shop();
    const promo = await okApi(ctx, api.bonusPromotion.create, {
      token: s.manager,
      body: {
        ...cashback({ type: 1, subtype: 1, bonus_type: 'amount', amount: 70, period: 'daily' }),
      },
    });
    // A daily promotion pays once a day: each purchase below is on a day of its own.
    const day = (n: number) => new Date(clock.nowMs() + n * 86_400_000);
    expect((await settledPurchase(s, 1_500, day(0))).bonusesAccruedMinor).toBe(70);
    // Not through the service: only the table's trigger tells the instances.
    await db().update(bonusPromotions).set({ status: 2 }).where(eq(bonusPromotions.id, promo.id));
    await ctx.app.services.promotionRules.sync();
    expect((await settledPurchase(s, 1_500, day(1))).bonusesAccruedMinor).toBe(0);
    await db().update(bonusPromotions).set({ status: 1, amount: 30 }).where(eq(bonusPromotions.id, promo.id));
    await ctx.app.services.promotionRules.sync();
    expect((await settledPurchase(s, 1_500, day(2))).bonusesAccruedMinor).toBe(30);
  });
});
