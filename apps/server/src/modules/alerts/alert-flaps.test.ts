import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { micromarkets } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { TestClock } from '../../lib/clock.js';
import { applyTemperature, endFleetIncident, FLAP_QUIET_WINDOW_MS, tellFleetIncident } from './index.js';

/** Issue 25, the flap debounce: a fridge flapping around a condition tells people once, not on every flip. */
let ctx: TestContext;
const START = Date.UTC(2026, 6, 1, 9, 0, 0);
const clock = new TestClock(START);
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 } });
});
beforeEach(() => clock.set(START));
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const device = systemActor({ via: 'device', label: 'test-device' });
const minutes = (m: number) => START + m * 60_000;

async function fleet() {
  const tenant = await createTenant(db());
  const fridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Flappy'));
  const watcher = await createSignedInUser(db(), {
    orgId: tenant.org.main,
    permissions: ['show_device_page', 'show_technical_analytics_page', 'manage_technical_alerts'],
  });
  const notices = async () => (await callApi(ctx, api.notice.list, { token: watcher.token })).json().items;
  return { orgId: tenant.org.main, fridge, token: watcher.token, notices };
}

/** The fridge goes offline now, as the gateway tells it (its will, or the presence sweep). */
const offline = (orgId: number, fridge: number) =>
  tellFleetIncident(ctx.app.services, {
    orgId,
    micromarketId: fridge,
    kind: 'offline',
    details: { last_activity_at: clock.now().toISOString() },
    at: clock.now(),
    key: `offline:${fridge}:${clock.nowMs()}`,
  });
/** …and comes back, as the gateway marks it on its hello. */
const online = (fridge: number) => endFleetIncident(db(), { micromarketId: fridge, kind: 'offline', at: clock.now() });

describe('flap debounce', () => {
  it('a connection flapping 5 times in 10 minutes sends one message; offline again after the quiet window, a second', async () => {
    const { orgId, fridge, notices } = await fleet();
    await routeEvent(db(), orgId, 'micromarket_offline');
    for (let flip = 0; flip < 5; flip += 1) {
      clock.set(minutes(flip * 2));
      await offline(orgId, fridge);
      clock.set(minutes(flip * 2 + 1));
      await online(fridge);
    }
    expect(await toldOf(db(), orgId, 'micromarket_offline')).toHaveLength(1);
    const [notice, ...others] = await notices();
    expect(others).toEqual([]);
    expect(notice!.at).toBe(new Date(START).toISOString());
    expect(notice!.details).toMatchObject({ flaps: 4, last_flap_at: new Date(minutes(8)).toISOString() });

    // The window runs from when it came back (minute 9), not from when it first went.
    clock.set(minutes(9) + FLAP_QUIET_WINDOW_MS - 1);
    await offline(orgId, fridge);
    expect(await toldOf(db(), orgId, 'micromarket_offline')).toHaveLength(1);
    await online(fridge);
    clock.advance(FLAP_QUIET_WINDOW_MS);
    await offline(orgId, fridge);
    expect(await toldOf(db(), orgId, 'micromarket_offline')).toHaveLength(2);
    expect((await notices()).map((item) => item.details.flaps ?? 0)).toEqual([0, 5]);
  });

  it('a fridge offline for hours that comes back and drops at once is a flap, not news', async () => {
    const { orgId, fridge } = await fleet();
    await routeEvent(db(), orgId, 'micromarket_offline');
    await offline(orgId, fridge);
    clock.set(minutes(180));
    await online(fridge);
    clock.set(minutes(182));
    await offline(orgId, fridge);
    expect(await toldOf(db(), orgId, 'micromarket_offline')).toHaveLength(1);
  });

  it('a temperature hovering at the limit, resolved each time, tells once; back after the quiet window, again', async () => {
    const { orgId, fridge, token } = await fleet();
    await routeEvent(db(), orgId, 'temperature_alert');
    const reading = async (temperature: number) => {
      const [mm] = await db().select().from(micromarkets).where(eq(micromarkets.id, fridge));
      await applyTemperature(ctx.app.services, device, {
        micromarket: {
          id: fridge,
          orgId,
          temperature: mm!.temperature,
          overheatSince: mm!.overheatSince,
          lockedAt: null,
        },
        temperature,
        at: clock.now(),
      });
      await db().update(micromarkets).set({ temperature }).where(eq(micromarkets.id, fridge));
    };
    const alerts = async () =>
      (await callApi(ctx, api.alert.alerts, { token, query: { micromarket_id: String(fridge), status: 'all' } })).json()
        .items;
    const resolveOpen = async () => {
      const open = (await alerts()).find((alert) => alert.status !== 'resolved')!;
      expect((await callApi(ctx, api.alert.resolve, { params: { id: open.id }, token })).statusCode).toBe(200);
    };

    await reading(5);
    for (let flip = 0; flip < 5; flip += 1) {
      clock.set(minutes(flip * 2));
      await reading(8.2);
      clock.set(minutes(flip * 2 + 1));
      await reading(7.9);
      await resolveOpen();
    }
    expect(await toldOf(db(), orgId, 'temperature_alert')).toHaveLength(1);
    const [alert, ...others] = await alerts();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      status: 'resolved',
      occurrences: 5,
      opened_at: new Date(START).toISOString(),
      details: { flaps: 4, last_flap_at: new Date(minutes(8)).toISOString(), temperature: 8.2 },
    });

    clock.set(minutes(9) + FLAP_QUIET_WINDOW_MS);
    await reading(8.2);
    expect(await toldOf(db(), orgId, 'temperature_alert')).toHaveLength(2);
    const [fresh] = await alerts();
    expect(fresh).toMatchObject({ status: 'open', occurrences: 1 });
    expect(fresh!.id).not.toBe(alert!.id);
    expect(fresh!.details.flaps).toBeUndefined();
  });

  it('a food-safety lock reset and locked again within minutes is told once', async () => {
    const { orgId, fridge } = await fleet();
    await routeEvent(db(), orgId, 'food_safety_lock');
    const lock = () =>
      tellFleetIncident(ctx.app.services, {
        orgId,
        micromarketId: fridge,
        kind: 'locked',
        details: { reading: 9, limit: 8, unit: '°C', direction: 'high', minutes: 1 },
        at: clock.now(),
        key: `lock:${fridge}:${clock.nowMs()}`,
      });
    await lock();
    clock.set(minutes(3));
    await endFleetIncident(db(), { micromarketId: fridge, kind: 'locked', at: clock.now() });
    clock.set(minutes(5));
    await lock();
    expect(await toldOf(db(), orgId, 'food_safety_lock')).toHaveLength(1);
    clock.set(minutes(5) + FLAP_QUIET_WINDOW_MS);
    await lock();
    expect(await toldOf(db(), orgId, 'food_safety_lock')).toHaveLength(2);
  });
});
