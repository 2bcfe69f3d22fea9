import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceEvents, fleetThresholds, micromarkets } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { TestClock } from '../../lib/clock.js';
import type { ServiceContext } from '../../lib/context.js';
import { applyTemperature, checkSessionWeights, FLAP_QUIET_WINDOW_MS, raiseIncident } from './index.js';

let ctx: TestContext;
let tenant: Tenant;
let services: ServiceContext;
const device = systemActor({ via: 'device', label: 'SN-test' });
const t0 = new Date('2026-11-22T08:00:00Z');
const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);
// Resolving stamps the clock's time, which a raise after it is measured against.
const clock = new TestClock(t0);

beforeAll(async () => {
  ctx = await createTestContext({ live: { flushMs: 0 }, clock });
  tenant = await createTenant(ctx.database.db);
  services = ctx.app.services;
});
afterAll(() => ctx.close());

async function micromarketOf(orgId: number) {
  const id = await insertMicromarket(ctx.database.db, orgId, 'Alert fridge');
  return id;
}

/** Feeds a reading the way the device gateway does: the rule, then the live temperature. */
async function reading(id: number, temperature: number, at: Date) {
  const [mm] = await ctx.database.db.select().from(micromarkets).where(eq(micromarkets.id, id));
  const verdict = await applyTemperature(services, device, {
    micromarket: {
      id,
      orgId: mm!.orgId,
      temperature: mm!.temperature,
      overheatSince: mm!.overheatSince,
      lockedAt: mm!.lockedAt,
    },
    temperature,
    at,
  });
  await ctx.database.db.update(micromarkets).set({ temperature }).where(eq(micromarkets.id, id));
  return verdict;
}

const alertsOf = async (token: string, micromarketId: number) =>
  (await callApi(ctx, api.alert.alerts, { token, query: { micromarket_id: micromarketId } })).json();

describe('food safety', () => {
  it('opens one alert per excursion, locks after the allowed time, and resets only once back in range', async () => {
    const id = await micromarketOf(tenant.org.main);
    const operator = await tenant.token('operator');
    await reading(id, 4, t0);
    await reading(id, 9, minutes(1));
    await reading(id, 9.4, minutes(30));
    const open = await alertsOf(operator, id);
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ type: 1, status: 'open', occurrences: 1, details: { direction: 'high' } });

    expect((await reading(id, 9.1, minutes(121))).lock).toBe(true);
    const [locked] = await ctx.database.db.select().from(micromarkets).where(eq(micromarkets.id, id));
    expect(locked!.lockedAt).toEqual(minutes(121));

    // Still too warm: the reset is refused with the limit named.
    const early = await callApi(ctx, api.alert.resetLock, { params: { id }, token: operator });
    expect(early.statusCode).toBe(409);
    expect(early.error().message).toContain('8 °C');

    await reading(id, 6, minutes(150));
    const reset = await callApi(ctx, api.alert.resetLock, { params: { id }, token: operator });
    expect(reset.statusCode).toBe(200);
    const history = await ctx.database.db
      .select()
      .from(deviceEvents)
      .where(eq(deviceEvents.micromarketId, id))
      .orderBy(deviceEvents.id);
    expect(history.map((event) => event.kind)).toEqual(['alert', 'locked', 'lock_reset']);
    const again = await callApi(ctx, api.alert.resetLock, { params: { id }, token: operator });
    expect(again.statusCode).toBe(409);
  });

  it('follows the organisation’s own limits', async () => {
    const id = await micromarketOf(tenant.org.krakow);
    // The default limits are read (and cached) first; the change must still reach the rule.
    expect((await reading(id, 5.5, t0)).excursion).toBeNull();
    await ctx.database.db
      .insert(fleetThresholds)
      .values({ orgId: tenant.org.krakow, temperatureMax: 5, lockAfterMinutes: 10 })
      .onConflictDoUpdate({ target: fleetThresholds.orgId, set: { temperatureMax: 5, lockAfterMinutes: 10 } });
    // On PostgreSQL the trigger's announcement arrives after the commit: wait for it.
    await services.thresholds.sync();
    await reading(id, 4, t0);
    await reading(id, 5.5, minutes(1));
    expect((await reading(id, 5.5, minutes(11))).lock).toBe(true);
  });

  it('answers 404 for another organisation’s micromarket and 403 without the permission', async () => {
    const other = await createTenant(ctx.database.db);
    const id = await micromarketOf(other.org.main);
    const operator = await tenant.token('operator');
    expect((await callApi(ctx, api.alert.resetLock, { params: { id }, token: operator })).statusCode).toBe(404);
    const courier = await tenant.token('courier');
    expect((await callApi(ctx, api.alert.resetLock, { params: { id }, token: courier })).statusCode).toBe(403);
  });
});

describe('technical alerts', () => {
  it('counts repeats of an open incident on one alert and lists newest first with active counts', async () => {
    const id = await micromarketOf(tenant.org.main);
    const orgId = tenant.org.main;
    await raiseIncident(services, device, { orgId, micromarketId: id, type: 2, at: t0, details: { command: 'a' } });
    await raiseIncident(services, device, { orgId, micromarketId: id, type: 2, at: minutes(5), details: {} });
    const weights = await checkSessionWeights(services, device, {
      micromarketId: id,
      orgId,
      sessionId: '5c6f0a55-0a55-4a55-8a55-0a550a550a55',
      weightsBefore: [1000, 800],
      weightsAfter: [600, 800],
      explainedGrams: 250,
      at: minutes(6),
    });
    expect(weights?.isNew).toBe(true);
    const list = await alertsOf(await tenant.token('operator'), id);
    expect(list.items.map((alert: { type: number }) => alert.type)).toEqual([3, 2]);
    expect(list.items[1]).toMatchObject({ occurrences: 2, last_seen_at: minutes(5).toISOString() });
    expect(list.items[0]!.details).toMatchObject({ unexplained_grams: 150, tolerance: 50 });
    expect(list.active_by_type).toMatchObject({ '2': 1, '3': 1 });
  });

  it('ignores a weight change within the tolerance', async () => {
    const id = await micromarketOf(tenant.org.main);
    const result = await checkSessionWeights(services, device, {
      micromarketId: id,
      orgId: tenant.org.main,
      sessionId: '6c6f0a55-0a55-4a55-8a55-0a550a550a55',
      weightsBefore: [1000],
      weightsAfter: [700],
      explainedGrams: 260,
      at: t0,
    });
    expect(result).toBeNull();
  });

  it('acknowledges, resolves, and opens a new incident after resolution and its quiet window', async () => {
    clock.set(t0);
    const id = await micromarketOf(tenant.org.krakow);
    const orgId = tenant.org.krakow;
    const first = await raiseIncident(services, device, { orgId, micromarketId: id, type: 2, at: t0, details: {} });
    const operator = await tenant.token('operator');
    const ack = await callApi(ctx, api.alert.acknowledge, { params: { id: first.id }, token: operator });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', acknowledged_by: expect.any(String) });
    expect((await callApi(ctx, api.alert.acknowledge, { params: { id: first.id }, token: operator })).statusCode).toBe(
      409,
    );
    const resolved = await callApi(ctx, api.alert.resolve, { params: { id: first.id }, token: operator });
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolved_by: expect.any(String) });
    expect((await callApi(ctx, api.alert.resolve, { params: { id: first.id }, token: operator })).statusCode).toBe(409);
    // Back within the window: the same alert opens again, the flap counted.
    const flap = await raiseIncident(services, device, {
      orgId,
      micromarketId: id,
      type: 2,
      at: minutes(1),
      details: {},
    });
    expect(flap).toEqual({ id: first.id, isNew: false });
    const reopened = (await alertsOf(operator, id)).items[0];
    expect(reopened).toMatchObject({ id: first.id, status: 'open', acknowledged_at: null, resolved_at: null });
    expect(reopened!.details).toMatchObject({ flaps: 1, last_flap_at: minutes(1).toISOString() });
    clock.set(minutes(2));
    await callApi(ctx, api.alert.resolve, { params: { id: first.id }, token: operator });
    const second = await raiseIncident(services, device, {
      orgId,
      micromarketId: id,
      type: 2,
      at: new Date(minutes(2).getTime() + FLAP_QUIET_WINDOW_MS),
      details: {},
    });
    expect(second).toEqual({ id: expect.any(Number), isNew: true });
    expect(second.id).not.toBe(first.id);
  });

  it('shows an organisation only its own alerts; a view-only link may read but not change', async () => {
    const kyivMarket = await micromarketOf(tenant.org.kyiv);
    const alert = await raiseIncident(services, device, {
      orgId: tenant.org.kyiv,
      micromarketId: kyivMarket,
      type: 1,
      at: t0,
      details: {},
    });
    const franchisor = await tenant.token('franchisor');
    const editor = await tenant.token('editor');
    // Krakow's users see nothing of Kyiv.
    expect((await alertsOf(editor, kyivMarket)).total).toBe(0);
    expect((await callApi(ctx, api.alert.resolve, { params: { id: alert.id }, token: editor })).statusCode).toBe(404);
    // Main sees Kyiv at level 1: it reads the alert but may not resolve it.
    const operator = await tenant.token('operator');
    expect((await alertsOf(operator, kyivMarket)).total).toBe(1);
    expect((await callApi(ctx, api.alert.resolve, { params: { id: alert.id }, token: operator })).statusCode).toBe(403);
    expect((await callApi(ctx, api.alert.alerts, { token: franchisor })).statusCode).toBe(403);
  });

  it('refuses a bad filter, naming it', async () => {
    const response = await callApi(ctx, api.alert.alerts, {
      token: await tenant.token('operator'),
      query: { type: '7' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.error().fields!)).toEqual(['type']);
  });
});
