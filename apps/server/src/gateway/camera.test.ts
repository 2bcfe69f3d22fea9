import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { deviceEvents, micromarkets } from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';
import { NEURO_EVENT } from '../modules/sales-gate/index.js';

/**
 * The neuro camera's connection as the device reports it (`camera`, device-protocol.md §4),
 * through a real MQTT client: a micromarket that pays by neuro sells only while its latest
 * report says connected (§8 "no neuro connection"), and a firmware that never reports it
 * changes nothing for a micromarket that does not pay by neuro.
 */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** The app as a client at the next address: the open-fridge endpoints limit requests per address. */
const nextClient = () => {
  const remoteAddress = `10.9.0.${++ipSeq}`;
  return { app: { inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress }) } };
};

/** A connected, stocked fridge of an organisation on the test provider, and its customer link. */
async function fridge(settings: Record<string, unknown>) {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const id = await insertMicromarket(db(), orgId, 'Neuro lobby', { settings: { payment_rfid: true, ...settings } });
  const device = new TestDevice({ url, ...(await issueToken(db(), id)) }, () => clock.nowMs());
  await device.connect();
  await expect
    .poll(async () => (await db().select().from(micromarkets).where(eq(micromarkets.id, id)))[0]?.connection)
    .toBe('online');
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 9_900 });
  await insertTags(db(), orgId, sandwich, [
    {
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket',
      micromarketId: id,
    },
  ]);
  const link = await callApi(ctx, api.openLink.create, {
    params: { id },
    token: operator,
    body: { kind: 'customer' },
  });
  expect(link.statusCode, link.body).toBe(200);
  return { id, device, link: link.json().token };
}

/** What the customer's open-fridge page says before the form: §8's refusal, or null. */
async function refusalOf(token: string, lang = 'en'): Promise<string | null> {
  const page = await callApi(nextClient(), api.openLink.customerInfo, { params: { token }, lang });
  expect(page.statusCode, page.body).toBe(200);
  return page.json().refusal;
}

const cameraLines = (id: number) =>
  db()
    .select({ details: deviceEvents.details })
    .from(deviceEvents)
    .where(and(eq(deviceEvents.micromarketId, id), eq(deviceEvents.kind, NEURO_EVENT)))
    .orderBy(deviceEvents.id);

describe('the neuro camera reported by the device', () => {
  it('refuses a neuro micromarket while its camera is reported disconnected, and sells once it is connected', async () => {
    const { id, device, link } = await fridge({ payment_neuro: true });
    // Never reported: a neuro micromarket cannot sell blind.
    expect(await refusalOf(link)).toBe('No neuro connection');

    await device.send('camera', { connected: true });
    await expect.poll(() => refusalOf(link)).toBeNull();

    await device.send('camera', { connected: false });
    await expect.poll(() => refusalOf(link)).toBe('No neuro connection');
    const bought = await callApi(nextClient(), api.openLink.customerOpen, {
      params: { token: link },
      body: { name: 'Olena', phone: '+380501234567', payment_method: 'pm_card_visa' },
      lang: 'pl',
    });
    expect([bought.statusCode, bought.error().message]).toEqual([409, 'Brak połączenia z neuro']);

    await device.send('camera', { connected: true });
    await expect.poll(() => refusalOf(link)).toBeNull();
    expect((await cameraLines(id)).map((line) => line.details)).toEqual([
      { connected: true, boot: 1, seq: 1 },
      { connected: false, boot: 1, seq: 2 },
      { connected: true, boot: 1, seq: 3 },
    ]);
    await device.close();
  });

  it('keeps the device’s latest word: a report handled late or delivered twice changes nothing', async () => {
    const { id, device, link } = await fridge({ payment_neuro: true });
    // seq 5 says connected; seq 4 (disconnected) arrives after it, as behind two server instances.
    await device.send('camera', { connected: true }, { seq: 5 });
    await expect.poll(async () => (await cameraLines(id)).length).toBe(1);
    const late = await device.send('camera', { connected: false }, { seq: 4 });
    await device.send('heartbeat', {}, { seq: 6 });
    await ctx.app.gateway!.settle();
    expect(await refusalOf(link)).toBeNull();
    // A re-delivery of the stored report writes no second line.
    await device.publishRaw('camera', JSON.stringify({ ...late, connected: true, seq: 5 }));
    await device.send('camera', { connected: false }, { seq: 7 });
    await expect.poll(() => refusalOf(link)).toBe('No neuro connection');
    expect((await cameraLines(id)).map((line) => line.details)).toEqual([
      { connected: true, boot: 1, seq: 5 },
      { connected: false, boot: 1, seq: 7 },
    ]);
    await device.close();
  });

  it('asks nothing of the camera of a micromarket that does not pay by neuro', async () => {
    const { device, link } = await fridge({ payment_neuro: false });
    expect(await refusalOf(link)).toBeNull();
    await device.send('camera', { connected: false });
    await ctx.app.gateway!.settle();
    expect(await refusalOf(link)).toBeNull();
    await device.close();
  });
});
