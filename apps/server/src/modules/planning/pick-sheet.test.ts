import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceGroupCouriers, deviceGroupMembers, deviceGroups } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/** Issue 25: the pick list prints as a pick sheet per route and per micromarket. */
const clock = new TestClock(Date.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;
let codeSeq = 0;
const prefix = () => `P${Date.now().toString(16).toUpperCase()}${(++codeSeq).toString(16).padStart(3, '0')}`;

async function setup() {
  clock.set(Date.now());
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const planner = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_planning_page', 'show_device_page', 'edit_devices'],
  });
  const office = await insertMicromarket(db(), orgId, uniqueName('A office'));
  const gym = await insertMicromarket(db(), orgId, uniqueName('B gym'));
  const idle = await insertMicromarket(db(), orgId, uniqueName('C idle'));
  const water = await insertProduct(db(), orgId, { name: uniqueName('Water') });
  const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad') });
  const template = await okApi(ctx, api.planogram.createTemplate, {
    token: planner.token,
    body: {
      name: uniqueName('Standard'),
      layout: {
        shelves: [
          {
            number: 1,
            sections: [
              { product_id: water, capacity: 3 },
              { product_id: salad, capacity: 2 },
            ],
          },
        ],
      },
    },
  });
  for (const id of [office, gym])
    await okApi(ctx, api.planogram.apply, { params: { id }, token: planner.token, body: { template_id: template.id } });
  // The office holds one water that expires before the visit; the gym holds both salads; storage has 4 waters.
  await insertTags(db(), orgId, water, [
    { code: codes(prefix(), 1)[0]!, status: 'in_micromarket', micromarketId: office, storeUpToHours: 3 },
    ...codes(prefix(), 4).map((code) => ({ code })),
  ]);
  await insertTags(
    db(),
    orgId,
    salad,
    codes(prefix(), 2).map((code) => ({ code, status: 'in_micromarket' as const, micromarketId: gym })),
  );
  return { tenant, orgId, token: planner.token, office, gym, idle, water, salad };
}

const sheetOf = (token: string, query: { org_id?: number; micromarket_id?: number } = {}) =>
  callApi(ctx, api.planning.pickSheet, { token, query });

describe('pick sheets', () => {
  it('prints one sheet per route with its couriers, the pick from storage and each stop’s lines', async () => {
    const s = await setup();
    const [route] = await db()
      .insert(deviceGroups)
      .values({ orgId: s.orgId, name: uniqueName('Route A') })
      .returning();
    await db().insert(deviceGroupMembers).values({ groupId: route!.id, micromarketId: s.office });
    const courier = await createSignedInUser(db(), { orgId: s.orgId, permissions: ['show_courier_page'] });
    await db().insert(deviceGroupCouriers).values({ groupId: route!.id, userId: courier.id });

    const response = await sheetOf(s.token, { org_id: s.orgId });
    expect(response.statusCode).toBe(200);
    const sheet = response.json();
    expect(sheet).toMatchObject({ generated_at: clock.now().toISOString(), window_days: 28, visit_hours: 24 });
    const line = (productId: number, bring: number, takeOut: number) =>
      expect.objectContaining({ product_id: productId, bring, take_out: takeOut });
    expect(sheet.routes).toEqual([
      {
        group_id: route!.id,
        group_name: route!.name,
        couriers: [courier.name],
        pick: [
          expect.objectContaining({ product_id: s.water, bring: 3, in_storage: 4 }),
          expect.objectContaining({ product_id: s.salad, bring: 2, in_storage: 0 }),
        ],
        stops: [
          expect.objectContaining({
            micromarket_id: s.office,
            bring: 5,
            take_out: 1,
            lines: [line(s.water, 3, 1), line(s.salad, 2, 0)],
          }),
        ],
      },
      // Outside any route: the gym (a water to bring); the idle micromarket has no work and no line.
      expect.objectContaining({
        group_id: null,
        couriers: [],
        stops: [expect.objectContaining({ micromarket_id: s.gym, lines: [line(s.water, 3, 0)] })],
      }),
    ]);

    // Per micromarket: the filter narrows the sheet to one stop.
    const one = (await sheetOf(s.token, { micromarket_id: s.gym })).json();
    expect(one.routes.flatMap((item) => item.stops.map((stop) => stop.micromarket_id))).toEqual([s.gym]);
  });

  it('with no routes, makes one sheet of every stop with work', async () => {
    const s = await setup();
    const sheet = (await sheetOf(s.token, { org_id: s.orgId })).json();
    expect(sheet.routes).toHaveLength(1);
    expect(sheet.routes[0]).toMatchObject({ group_id: null, group_name: null, couriers: [] });
    expect(sheet.routes[0]!.stops.map((stop) => stop.micromarket_id)).toEqual([s.office, s.gym]);
  });

  it('answers 401, 403, and 404 for another organisation’s filter', async () => {
    const s = await setup();
    expect((await callApi(ctx, api.planning.pickSheet)).statusCode).toBe(401);
    expect((await sheetOf(await s.tenant.token('courier'))).statusCode).toBe(403);
    const stranger = await createTenant(db());
    expect((await sheetOf(s.token, { org_id: stranger.org.main })).statusCode).toBe(404);
    const strangerPlanner = await createSignedInUser(db(), {
      orgId: stranger.org.main,
      permissions: ['show_planning_page'],
    });
    const theirs = (await sheetOf(strangerPlanner.token, { micromarket_id: s.office })).json();
    expect(theirs.routes).toEqual([]);
  });
});
