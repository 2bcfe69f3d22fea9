import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceGroupCouriers, deviceGroupMembers, deviceGroups, salesDailyProducts } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { tellLowStock } from './index.js';

/** Issue 10: restock planning from planograms, tags, the sales rollups and wishes. */
const clock = new TestClock(Date.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;
const day = (daysAgo: number) => new Date(clock.nowMs() - daysAgo * 86_400_000).toISOString().slice(0, 10);
let codeSeq = 0;
const prefix = () =>
  `${Date.now().toString(16).toUpperCase()}${(++codeSeq).toString(16).toUpperCase().padStart(3, '0')}`;

async function setup() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const planner = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_planning_page', 'show_device_page', 'edit_devices', 'show_products_order_page'],
  });
  const office = await insertMicromarket(db(), orgId, uniqueName('Office'));
  const gym = await insertMicromarket(db(), orgId, uniqueName('Gym'));
  const water = await insertProduct(db(), orgId, { name: uniqueName('Water') });
  const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad') });
  const cake = await insertProduct(db(), orgId, { name: uniqueName('Cake') });
  return { tenant, orgId, token: planner.token, office, gym, water, salad, cake };
}

/** A one-shelf template of water and salad, applied to the micromarket. */
async function waterAndSalad(
  s: Awaited<ReturnType<typeof setup>>,
  name: string,
  water: number,
  salad: number,
  to: number,
) {
  const layout = await okApi(ctx, api.planogram.createTemplate, {
    token: s.token,
    body: {
      name,
      layout: {
        shelves: [
          {
            number: 1,
            sections: [
              { product_id: s.water, capacity: water },
              { product_id: s.salad, capacity: salad },
            ],
          },
        ],
      },
    },
  });
  await okApi(ctx, api.planogram.apply, { params: { id: to }, token: s.token, body: { template_id: layout.id } });
  return layout;
}

describe('restock planning', () => {
  it('tells the organisation’s low-stock routes of a micromarket under 30% of its planogram, once a day', async () => {
    const s = await setup();
    await routeEvent(db(), s.orgId, 'low_stock', 'courier-lead');
    const layout = await waterAndSalad(s, 'Low stock', 10, 4, s.office);
    await okApi(ctx, api.planogram.apply, { params: { id: s.gym }, token: s.token, body: { template_id: layout.id } });
    const inside = (micromarketId: number, count: number) =>
      codes(prefix(), count).map((code) => ({ code, status: 'in_micromarket' as const, micromarketId }));
    // Office: 2 waters and 1 salad of 14 places (21%); the gym: 10 waters (71%); a third without a planogram.
    await insertTags(db(), s.orgId, s.water, [...inside(s.office, 2), ...inside(s.gym, 10)]);
    await insertTags(db(), s.orgId, s.salad, inside(s.office, 1));
    await insertMicromarket(db(), s.orgId, uniqueName('Empty lobby'));

    await tellLowStock(ctx.app.services);
    await tellLowStock(ctx.app.services);
    const told = await toldOf(db(), s.orgId, 'low_stock');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      recipient: 'courier-lead',
      key: expect.stringContaining(`low-stock:${s.office}:`),
    });
    expect(told[0]!.text).toContain('holds 21% of its planogram');
    expect(told[0]!.text).toContain('Bring 11 item(s)');
  });

  it('brings each micromarket back to its planogram, takes out what expires, and sums the pick lists', async () => {
    const s = await setup();
    await waterAndSalad(s, 'Standard', 10, 4, s.office);
    // Office: 6 waters inside, 2 of them expiring tonight; 1 salad; a cake customers asked for.
    await insertTags(db(), s.orgId, s.water, [
      ...codes(prefix(), 4).map((code) => ({
        code,
        status: 'in_micromarket' as const,
        micromarketId: s.office,
        storeUpToHours: 72,
      })),
      ...codes(prefix(), 2).map((code) => ({
        code,
        status: 'in_micromarket' as const,
        micromarketId: s.office,
        storeUpToHours: 5,
      })),
    ]);
    await insertTags(
      db(),
      s.orgId,
      s.salad,
      codes(prefix(), 1).map((code) => ({ code, status: 'in_micromarket' as const, micromarketId: s.office })),
    );
    // Storage: 5 new waters programmed, not loaded yet.
    await insertTags(
      db(),
      s.orgId,
      s.water,
      codes(prefix(), 5).map((code) => ({ code })),
    );
    await db()
      .insert(salesDailyProducts)
      .values([
        {
          orgId: s.orgId,
          micromarketId: s.office,
          day: day(1),
          productId: s.water,
          categoryId: 0,
          currency: 'UAH',
          sales: 10,
          items: 14,
        },
        {
          orgId: s.orgId,
          micromarketId: s.office,
          day: day(20),
          productId: s.water,
          categoryId: 0,
          currency: 'UAH',
          sales: 5,
          items: 7,
        },
        // Outside the 28-day window.
        {
          orgId: s.orgId,
          micromarketId: s.office,
          day: day(40),
          productId: s.water,
          categoryId: 0,
          currency: 'UAH',
          sales: 50,
          items: 99,
        },
      ]);
    for (let i = 0; i < 3; i++) {
      await okApi(ctx, api.order.createWish, {
        token: s.token,
        body: { micromarket_id: s.office, product_id: s.cake },
      });
    }
    const [route] = await db()
      .insert(deviceGroups)
      .values({ orgId: s.orgId, name: uniqueName('Route A') })
      .returning();
    await db().insert(deviceGroupMembers).values({ groupId: route!.id, micromarketId: s.office });
    const courier = await createSignedInUser(db(), { orgId: s.orgId, permissions: ['show_courier_page'] });
    await db().insert(deviceGroupCouriers).values({ groupId: route!.id, userId: courier.id });

    const plan = (await callApi(ctx, api.planning.plan, { token: s.token, query: { org_id: s.orgId } })).json();
    expect(plan.total).toBe(2);
    const office = plan.items.find((item) => item.micromarket_id === s.office)!;
    expect(office).toMatchObject({ has_planogram: true, bring: 6 + 3, take_out: 2 });
    const line = (productId: number) => office.lines.find((item) => item.product_id === productId);
    expect(line(s.water)).toMatchObject({ par: 10, stock: 6, expiring: 2, sold: 21, daily_rate: 0.8, bring: 6 });
    expect(line(s.salad)).toMatchObject({ par: 4, stock: 1, expiring: 0, bring: 3 });
    expect(line(s.cake)).toMatchObject({ par: 0, wishes: 3, bring: 0 });
    expect(office.lines.map((item) => item.product_id)).toEqual([s.water, s.salad, s.cake]);
    const gym = plan.items.find((item) => item.micromarket_id === s.gym)!;
    expect(gym).toMatchObject({ has_planogram: false, bring: 0, lines: [] });

    expect(plan.pick).toEqual([
      expect.objectContaining({ product_id: s.water, bring: 6, in_storage: 5 }),
      expect.objectContaining({ product_id: s.salad, bring: 3, in_storage: 0 }),
    ]);
    expect(plan.routes).toEqual([
      expect.objectContaining({ group_id: route!.id, couriers: [courier.name], micromarkets: 1, lines: plan.pick }),
      expect.objectContaining({ group_id: null, couriers: [], micromarkets: 1, lines: [] }),
    ]);

    // A longer window counts the older sales; a longer visit takes out nothing more here.
    const wide = (
      await callApi(ctx, api.planning.plan, {
        token: s.token,
        query: { org_id: s.orgId, window_days: '90', visit_hours: '168' },
      })
    ).json();
    const wideWater = wide.items
      .find((item) => item.micromarket_id === s.office)!
      .lines.find((item) => item.product_id === s.water)!;
    expect(wideWater).toMatchObject({ sold: 120, expiring: 6, bring: 10 });

    const csv = await callApi(ctx, api.planning.export, { token: s.token, query: { org_id: s.orgId, format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toContain('micromarket_id,micromarket,address,product_id,product,par,stock,take_out,bring');
    expect(rows).toHaveLength(3);
  });

  it('turns the shortfall against storage into tag programmer tasks, which the written batches close', async () => {
    const s = await setup();
    await waterAndSalad(s, 'Batches', 6, 3, s.office);
    await insertTags(
      db(),
      s.orgId,
      s.water,
      codes(prefix(), 4).map((code) => ({ code })),
    );
    const made = await okApi(ctx, api.planning.batches, { token: s.token, body: { org_id: s.orgId } });
    expect(made.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: s.water, quantity: 2 }),
        expect.objectContaining({ product_id: s.salad, quantity: 3 }),
      ]),
    );
    // Asking again asks for nothing more.
    expect(await okApi(ctx, api.planning.batches, { token: s.token, body: { org_id: s.orgId } })).toMatchObject({
      created: 0,
    });

    const programmer = await s.tenant.token('operator');
    const tasks = async () => (await callApi(ctx, api.tag.programmingTasks, { token: programmer })).json().items;
    expect((await tasks()).find((task) => task.product_id === s.salad)).toMatchObject({ quantity: 3, programmed: 0 });
    await okApi(ctx, api.tag.program, { token: programmer, body: { product_id: s.salad, codes: codes(prefix(), 2) } });
    expect((await tasks()).find((task) => task.product_id === s.salad)).toMatchObject({ programmed: 2 });
    await okApi(ctx, api.tag.program, { token: programmer, body: { product_id: s.salad, codes: codes(prefix(), 1) } });
    expect((await tasks()).some((task) => task.product_id === s.salad)).toBe(false);
    const stranger = await (await createTenant(db())).token('operator');
    const theirs = (await callApi(ctx, api.tag.programmingTasks, { token: stranger })).json();
    expect(theirs.items).toEqual([]);
  });

  it('keeps to the caller’s organisations and refuses a window it does not offer', async () => {
    const s = await setup();
    expect((await callApi(ctx, api.planning.plan)).statusCode).toBe(401);
    const support = await s.tenant.token('support');
    expect((await callApi(ctx, api.planning.plan, { token: support })).statusCode).toBe(403);
    const stranger = await createSignedInUser(db(), {
      orgId: (await createTenant(db())).org.main,
      permissions: ['show_planning_page'],
    });
    const theirs = (await callApi(ctx, api.planning.plan, { token: stranger.token })).json();
    expect(theirs.items.some((item) => item.micromarket_id === s.office)).toBe(false);
    expect(
      (await callApi(ctx, api.planning.plan, { token: stranger.token, query: { org_id: s.orgId } })).statusCode,
    ).toBe(404);
    const bad = await callApi(ctx, api.planning.plan, { token: s.token, query: { window_days: '5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ fields: { window_days: 'The sales window is 7, 14, 28 or 90 days' } });
  });
});
