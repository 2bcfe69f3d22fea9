import { randomUUID } from 'node:crypto';
import { api, type TLiveEvent } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../test/api-client.js';
import { EXTERNAL_MQTT_URL, issueToken, TestDevice } from '../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { micromarketDiscounts, micromarkets, priceTags } from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';

/** What device messages lead to beyond the live state: technical alerts, the lock, live events. */
let ctx: TestContext;
let tenant: Tenant;
let url: string;
const clock = new TestClock(Date.now());
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    live: { flushMs: 0 },
    mqtt: EXTERNAL_MQTT_URL ? { port: 0, host: '127.0.0.1', url: EXTERNAL_MQTT_URL } : { port: 0, host: '127.0.0.1' },
  });
  tenant = await createTenant(ctx.database.db);
  url = EXTERNAL_MQTT_URL ?? `mqtt://127.0.0.1:${ctx.app.gateway!.port}`;
});
afterAll(() => ctx.close());

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  const device = new TestDevice({ url, ...credentials }, () => clock.nowMs());
  await device.connect();
  await expect.poll(async () => (await liveState(id)).connection).toBe('online');
  return { id, device };
}

async function liveState(id: number) {
  const [row] = await ctx.database.db.select().from(micromarkets).where(eq(micromarkets.id, id));
  return row!;
}

const alertsOf = async (id: number) =>
  (
    await okApi(ctx, api.alert.alerts, {
      query: { micromarket_id: id, status: 'all' },
      token: await tenant.token('operator'),
    })
  ).items;

describe('device messages and alerts', () => {
  it('a fridge too warm for too long is locked for customers, with one alert, announced live', async () => {
    const { id, device } = await newDevice('Warm');
    const events: TLiveEvent[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (message.kind === 'event' && message.event.id === id) events.push(message.event);
    });
    await device.send('telemetry', { temperature: 4 });
    await device.send('telemetry', { temperature: 9.5 });
    await expect.poll(async () => (await liveState(id)).overheatSince).not.toBeNull();
    clock.advance(60 * MINUTE);
    await device.send('telemetry', { temperature: 9.8 });
    clock.advance(61 * MINUTE);
    await device.send('telemetry', { temperature: 9.6 });
    await expect.poll(async () => (await liveState(id)).lockedAt).not.toBeNull();
    // The lock is stored first and the alert learns of it right after, in the same handling.
    await expect.poll(async () => (await alertsOf(id))[0]?.details.locked_at).toBeDefined();
    const alerts = await alertsOf(id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 1, status: 'open', details: { direction: 'high', limit: 8 } });
    await expect
      .poll(() => events.some((event) => event.topic === 'micromarket.state' && event.data?.locked === true))
      .toBe(true);
    expect(events.some((event) => event.topic === 'micromarket.state' && event.data?.temperature === 9.5)).toBe(true);
    stop();
    await device.close();
  });

  it('a door session whose shelves lost more than the taken products weigh opens a weight alert', async () => {
    const { id, device } = await newDevice('Heavy');
    const product = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Juice', weightG: 300 });
    const [tag] = await insertTags(ctx.database.db, tenant.org.main, product, [
      {
        code: `E2${randomUUID().replace(/-/g, '').slice(0, 22).toUpperCase()}`,
        status: 'in_micromarket',
        micromarketId: id,
      },
    ]);
    const session = randomUUID();
    const at = clock.nowMs();
    await device.send('door-session', {
      id: session,
      state: 'opened',
      kind: 'customer',
      opened_at: at,
      weights_before: [2000, 500],
    });
    await device.send('door-session', {
      id: session,
      state: 'closed',
      kind: 'customer',
      opened_at: at,
      closed_at: at + 20_000,
      taken_tags: [tag!.code],
      weights_before: [2000, 500],
      weights_after: [1200, 500],
    });
    await expect.poll(async () => (await alertsOf(id)).map((alert) => alert.type)).toEqual([3]);
    expect((await alertsOf(id))[0]!.details).toMatchObject({ unexplained_grams: 500, door_session_id: session });
    await device.close();
  });

  it('an open-door command the device could not carry out opens a door alert', async () => {
    const { id, device } = await newDevice('Stuck door');
    const token = await tenant.token('operator');
    const sent = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'open_door' } });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => device.commands.length).toBe(1);
    await device.send('ack', { command_id: device.commands[0]!.id, status: 'failed', error: 'lock jammed' });
    await expect.poll(async () => (await alertsOf(id)).map((alert) => alert.type)).toEqual([2]);
    expect((await alertsOf(id))[0]!.details).toMatchObject({ error: 'lock jammed' });
    await device.close();
  });

  it('price tags show what the device confirmed: the price after the discount in force', async () => {
    const { id, device } = await newDevice('Labels');
    const product = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Yogurt', sellCostMinor: 5000 });
    await ctx.database.db.insert(priceTags).values({ micromarketId: id, labelCode: 'ESL-1', productId: product });
    await ctx.database.db.insert(micromarketDiscounts).values({ micromarketId: id, percent: 10 });
    const token = await tenant.token('operator');
    const listed = async () => (await okApi(ctx, api.micromarket.priceTags, { params: { id }, token })).items;
    expect((await listed())[0]).toMatchObject({ shown_price: null, current_price: 4500 });
    const sent = await callApi(ctx, api.deviceCommand.send, {
      params: { id },
      token,
      body: { type: 'update_price_tags' },
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => device.commands.length).toBe(1);
    expect(device.commands[0]!.params).toMatchObject({ tags: [{ label_code: 'ESL-1', price_minor: 4500 }] });
    await device.ack(device.commands[0]!);
    await expect.poll(async () => (await listed())[0]!.shown_price).toBe(4500);
    expect((await listed())[0]).toMatchObject({ is_outdated: false, synced_at: expect.any(String) });
    await device.close();
  });
});
