import { isoWeekdayIn, type TCourierStops, type TDeviceGroup, type TRouteCourierOptions } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';
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
  const template = await ok<{ id: number }>(ctx, operator, '/v1/planogram/template/create', {
    name: 'Milk shelf',
    layout: { shelves: [{ number: 1, sections: [{ product_id: milk, capacity: 4 }] }] },
  });
  const north = await insertMicromarket(db(), orgId, uniqueName('North'));
  const south = await insertMicromarket(db(), orgId, uniqueName('South'));
  for (const id of [north, south]) await ok(ctx, operator, `/v1/planogram/apply/${id}`, { template_id: template.id });
  const [org] = await db()
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const today = isoWeekdayIn(clock.now(), org!.timeZone);
  return { tenant, orgId, operator, north, south, today, otherDay: (today % 7) + 1 };
}

const routeOf = async (token: string) =>
  (await call(ctx, 'GET', '/v1/courier/micromarkets', { token })).json<TCourierStops>();
const stopsOf = async (token: string) => (await routeOf(token)).items.map((stop) => stop.id);

describe('courier routes', () => {
  it('a courier on routes sees the micromarkets of the routes run today; one on none sees all the work', async () => {
    const f = await fleet();
    const courier = await f.tenant.user('courier');
    const options = (
      await call(ctx, 'GET', '/v1/device-group/couriers', { token: f.operator })
    ).json<TRouteCourierOptions>();
    expect(options.items).toContainEqual({ id: courier.id, name: courier.name });

    const northRoute = await ok<TDeviceGroup>(ctx, f.operator, '/v1/device-group/create', {
      name: 'North route',
      device_ids: [f.north],
      courier_ids: [courier.id],
      route_days: [f.today],
    });
    expect(northRoute).toMatchObject({ couriers: [{ id: courier.id, name: courier.name }], route_days: [f.today] });
    const southRoute = await ok<TDeviceGroup>(ctx, f.operator, '/v1/device-group/create', {
      name: 'South route',
      device_ids: [f.south],
      courier_ids: [courier.id],
      route_days: [f.otherDay],
    });
    expect(await routeOf(courier.token)).toMatchObject({
      items: [expect.objectContaining({ id: f.north })],
      routes_today: ['North route'],
    });

    const unassigned = await createSignedInUser(db(), { orgId: f.orgId, permissions: ['show_courier_page'] });
    expect((await stopsOf(unassigned.token)).sort()).toEqual([f.north, f.south].sort());
    expect((await routeOf(unassigned.token)).routes_today).toBeNull();

    await ok(ctx, f.operator, `/v1/device-group/update/${southRoute.id}`, { route_days: [f.today, f.otherDay] });
    expect((await routeOf(courier.token)).routes_today).toEqual(['North route', 'South route']);
    expect((await stopsOf(courier.token)).sort()).toEqual([f.north, f.south].sort());
    // Off the route on its days off: nothing today rather than everything.
    await ok(ctx, f.operator, `/v1/device-group/update/${southRoute.id}`, { route_days: [f.otherDay] });
    await ok(ctx, f.operator, `/v1/device-group/update/${northRoute.id}`, { route_days: [f.otherDay] });
    expect(await routeOf(courier.token)).toEqual({ items: [], routes_today: [] });
  });

  it('names only couriers of the group’s organisation and days 1 to 7', async () => {
    const f = await fleet();
    const support = await f.tenant.user('support');
    const stranger = await (await createTenant(db())).user('courier');
    for (const courierIds of [[support.id], [stranger.id]]) {
      const refused = await call(ctx, 'POST', '/v1/device-group/create', {
        token: f.operator,
        payload: { name: uniqueName('Route'), courier_ids: courierIds },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ courier_ids: 'Choose couriers of the group’s organisation' });
    }
    const badDays = await call(ctx, 'POST', '/v1/device-group/create', {
      token: f.operator,
      payload: { name: uniqueName('Route'), route_days: [0, 8] },
    });
    expect(badDays.statusCode).toBe(400);
    expect(Object.keys(badDays.json().fields)[0]).toMatch(/^route_days/);
    const otherOrg = await createTenant(db());
    const foreign = await call(ctx, 'GET', '/v1/device-group/couriers', {
      token: f.operator,
      query: { org_id: String(otherOrg.org.main) },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
