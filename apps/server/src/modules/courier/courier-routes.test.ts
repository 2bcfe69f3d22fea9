import { api, isoWeekdayIn } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { organizations } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/** Issue 10: couriers assigned to micromarket groups as their routes, on the route's days. */
const clock = new TestClock(Date.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

/** An organisation with two micromarkets the plan has work for (each lacks 4 of its milk). */
async function fleet() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const operator = await tenant.token('operator');
  const milk = await insertProduct(db(), orgId, { name: uniqueName('Milk') });
  const template = await okApi(ctx, api.planogram.createTemplate, {
    token: operator,
    body: {
      name: 'Milk shelf',
      layout: { shelves: [{ number: 1, sections: [{ product_id: milk, capacity: 4 }] }] },
    },
  });
  const north = await insertMicromarket(db(), orgId, uniqueName('North'));
  const south = await insertMicromarket(db(), orgId, uniqueName('South'));
  for (const id of [north, south])
    await okApi(ctx, api.planogram.apply, { params: { id }, token: operator, body: { template_id: template.id } });
  const [org] = await db()
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const today = isoWeekdayIn(clock.now(), org!.timeZone);
  return { tenant, orgId, operator, north, south, today, otherDay: (today % 7) + 1 };
}

const routeOf = async (token: string) => (await callApi(ctx, api.courier.stops, { token })).json();
const stopsOf = async (token: string) => (await routeOf(token)).items.map((stop) => stop.id);

describe('courier routes', () => {
  it('a courier on routes sees the micromarkets of the routes run today; one on none sees all the work', async () => {
    const f = await fleet();
    const courier = await f.tenant.user('courier');
    const options = (await callApi(ctx, api.deviceGroup.couriers, { token: f.operator })).json();
    expect(options.items).toContainEqual({ id: courier.id, name: courier.name });

    const northRoute = await okApi(ctx, api.deviceGroup.create, {
      token: f.operator,
      body: {
        name: 'North route',
        device_ids: [f.north],
        courier_ids: [courier.id],
        route_days: [f.today],
      },
    });
    expect(northRoute).toMatchObject({ couriers: [{ id: courier.id, name: courier.name }], route_days: [f.today] });
    const southRoute = await okApi(ctx, api.deviceGroup.create, {
      token: f.operator,
      body: {
        name: 'South route',
        device_ids: [f.south],
        courier_ids: [courier.id],
        route_days: [f.otherDay],
      },
    });
    expect(await routeOf(courier.token)).toMatchObject({
      items: [expect.objectContaining({ id: f.north })],
      routes_today: ['North route'],
    });

    const unassigned = await createSignedInUser(db(), { orgId: f.orgId, permissions: ['show_courier_page'] });
    expect((await stopsOf(unassigned.token)).sort()).toEqual([f.north, f.south].sort());
    expect((await routeOf(unassigned.token)).routes_today).toBeNull();

    await okApi(ctx, api.deviceGroup.update, {
      params: { id: southRoute.id },
      token: f.operator,
      body: { route_days: [f.today, f.otherDay] },
    });
    expect((await routeOf(courier.token)).routes_today).toEqual(['North route', 'South route']);
    expect((await stopsOf(courier.token)).sort()).toEqual([f.north, f.south].sort());
    // Off the route on its days off: nothing today rather than everything.
    await okApi(ctx, api.deviceGroup.update, {
      params: { id: southRoute.id },
      token: f.operator,
      body: { route_days: [f.otherDay] },
    });
    await okApi(ctx, api.deviceGroup.update, {
      params: { id: northRoute.id },
      token: f.operator,
      body: { route_days: [f.otherDay] },
    });
    expect(await routeOf(courier.token)).toEqual({ items: [], routes_today: [] });
  });

  it('names only couriers of the group’s organisation and days 1 to 7', async () => {
    const f = await fleet();
    const support = await f.tenant.user('support');
    const stranger = await (await createTenant(db())).user('courier');
    for (const courierIds of [[support.id], [stranger.id]]) {
      const refused = await callApi(ctx, api.deviceGroup.create, {
        token: f.operator,
        body: { name: uniqueName('Route'), courier_ids: courierIds },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.error().fields).toEqual({ courier_ids: 'Choose couriers of the group’s organisation' });
    }
    const badDays = await callApi(ctx, api.deviceGroup.create, {
      token: f.operator,
      body: { name: uniqueName('Route'), route_days: [0, 8] },
    });
    expect(badDays.statusCode).toBe(400);
    expect(Object.keys(badDays.error().fields!)[0]).toMatch(/^route_days/);
    const otherOrg = await createTenant(db());
    const foreign = await callApi(ctx, api.deviceGroup.couriers, {
      token: f.operator,
      query: { org_id: String(otherOrg.org.main) },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
