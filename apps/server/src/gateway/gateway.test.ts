import { randomUUID } from 'node:crypto';
import { api, DEVICE_OFFLINE_AFTER_MS } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../test/api-client.js';
import { connectFails, EXTERNAL_MQTT_URL, issueToken, TestDevice } from '../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../test/factories/notifications.js';
import { createTenant, type Tenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import {
  deviceEvents,
  doorSessions,
  fleetNotices,
  fleetThresholds,
  micromarkets,
  tags,
  technicalAlerts,
} from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';
import { FLAP_QUIET_WINDOW_MS } from '../modules/alerts/index.js';
import { MAINTAIN_EVERY_MS } from '../modules/device-commands/index.js';

/**
 * The device protocol end to end: a real MQTT client against the embedded broker (or, with
 * TEST_MQTT_URL, against an external one such as Mosquitto).
 */
let ctx: TestContext;
let tenant: Tenant;
let url: string;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    mqtt: EXTERNAL_MQTT_URL ? { port: 0, host: '127.0.0.1', url: EXTERNAL_MQTT_URL } : { port: 0, host: '127.0.0.1' },
  });
  tenant = await createTenant(ctx.database.db);
  url = EXTERNAL_MQTT_URL ?? `mqtt://127.0.0.1:${ctx.app.gateway!.port}`;
});
afterAll(() => ctx.close());

const stats = () => ctx.app.gateway!.stats;

/**
 * Behind an external broker, logins and topic ACLs are the broker's job (device-protocol.md
 * §8): those tests are not declared there at all (a skipped test counts as failed in npm test).
 */
const embeddedOnly: (name: string, test: () => Promise<void>) => void = EXTERNAL_MQTT_URL ? () => {} : it;

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  const device = new TestDevice({ url, ...credentials }, () => clock.nowMs());
  return { id, ...credentials, device };
}

async function liveState(id: number) {
  const [row] = await ctx.database.db.select().from(micromarkets).where(eq(micromarkets.id, id));
  return row!;
}

async function eventKinds(id: number) {
  const rows = await ctx.database.db
    .select({ kind: deviceEvents.kind })
    .from(deviceEvents)
    .where(eq(deviceEvents.micromarketId, id))
    .orderBy(deviceEvents.id);
  return rows.map((row) => row.kind);
}

describe('device gateway', () => {
  it('hello marks the micromarket online with its identity; telemetry updates live state and is stored', async () => {
    const { id, device } = await newDevice('Hello');
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    expect(await liveState(id)).toMatchObject({ firmware: '2.4.1', platform: 'vf-rfid-2', ip: '10.0.4.17' });
    await device.send('telemetry', {
      temperature: 4.5,
      defrosting: false,
      door: 'open',
      weights: [1200, null],
      tilt: 0.5,
    });
    await expect.poll(async () => (await liveState(id)).door).toBe('open');
    expect(await liveState(id)).toMatchObject({ temperature: 4.5, defrosting: false, tilt: 0.5 });
    await ctx.app.gateway!.settle();
    const stored = await ctx.database.db.execute(
      sql`select count(*)::int as n from telemetry where micromarket_id = ${id}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(await eventKinds(id)).toEqual(['connected', 'door_opened']);
    await device.close();
  });

  it('drops malformed, invalid, unknown-version and replayed messages, counted, and keeps serving the device', async () => {
    const { id, device } = await newDevice('Bad input');
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    const before = { ...stats().rejected };
    await device.publishRaw('telemetry', '{not json');
    await device.send('telemetry', { temperature: 'warm' });
    await device.send('telemetry', { temperature: 3 }, { v: 2 });
    const replayed = await device.send('telemetry', { temperature: 7 });
    await device.publishRaw('telemetry', JSON.stringify({ ...replayed, temperature: 99 }));
    await expect.poll(() => stats().rejected.replayed - before.replayed).toBe(1);
    // Live state is written once per tick for all devices: settle writes it now.
    await ctx.app.gateway!.settle();
    expect(stats().rejected.malformed - before.malformed).toBe(1);
    expect(stats().rejected.invalid - before.invalid).toBe(2);
    expect((await liveState(id)).temperature).toBe(7);
    await device.send('telemetry', { temperature: 6 });
    await expect.poll(async () => (await liveState(id)).temperature).toBe(6);
    await device.close();
  });

  it('takes a message a later one overtook once, within the window, and counts it out of order', async () => {
    const { id, device } = await newDevice('Overtaken');
    await device.connect();
    // Behind an external broker the hello is handled after connect returns: count from after it.
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    const before = ctx.app.gateway!.stats.outOfOrder;
    const accepted = ctx.app.gateway!.stats.accepted;
    // A later seq arrives first, then an earlier one (sent before it, delivered after it).
    await device.send('inventory', { tags: [] }, { seq: device.seq + 10 });
    await device.send('inventory', { tags: [] }, { seq: device.seq + 6 });
    await expect.poll(() => ctx.app.gateway!.stats.accepted - accepted).toBe(2);
    expect(ctx.app.gateway!.stats.outOfOrder - before).toBe(1);
    await device.close();
  });

  it('drops messages of serials it does not know', async () => {
    const { device } = await newDevice('Unknown');
    if (EXTERNAL_MQTT_URL) {
      // The external test broker lets anyone in; the server still drops the stranger's messages.
      const before = stats().rejected.unknown_serial;
      const stranger = new TestDevice({ url, serial: 'SN-NOBODY', token: 'x' }, () => clock.nowMs());
      await stranger.connect();
      await expect.poll(() => stats().rejected.unknown_serial - before).toBe(1);
      await stranger.close();
    } else {
      expect(await connectFails(url, 'SN-NOBODY', 'whatever')).toBeInstanceOf(Error);
    }
    await device.close();
  });

  embeddedOnly('refuses a wrong token and topics of another serial (embedded broker)', async () => {
    const { serial, device } = await newDevice('Auth');
    const other = await newDevice('Other');
    expect(await connectFails(url, serial, 'not-the-token')).toBeInstanceOf(Error);
    await device.connect();
    const before = stats().rejected.unauthorized;
    await device.publishRaw('telemetry', JSON.stringify({ v: 1 }), other.serial).catch(() => {});
    await expect.poll(() => stats().rejected.unauthorized - before).toBe(1);
    await device.close();
  });

  it('inventory moves the organisation’s new tags in; a closed door session is stored once and its tags are not paid', async () => {
    const { id, device } = await newDevice('Tags');
    const productId = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Water' });
    const code = `T${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const foreignCode = `F${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await insertTags(ctx.database.db, tenant.org.main, productId, [{ code }]);
    const foreignProduct = await insertProduct(ctx.database.db, tenant.org.kyiv, { name: 'Juice' });
    await insertTags(ctx.database.db, tenant.org.kyiv, foreignProduct, [{ code: foreignCode }]);
    // The card's products on sale follow the stock: placing and taking tags is announced.
    const stockChanges: unknown[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (message.kind !== 'event' || message.event.topic !== 'micromarket.state' || message.event.id !== id) return;
      const data = message.event.data ?? {};
      if ('tags_placed' in data || 'tags_taken' in data) stockChanges.push(data);
    });
    await device.connect();
    await device.send('inventory', { tags: [code, foreignCode, 'UNKNOWN1'] });
    const tagStatus = async (value: string) =>
      (await ctx.database.db.select({ status: tags.status }).from(tags).where(eq(tags.code, value)))[0]!.status;
    await expect.poll(() => tagStatus(code)).toBe('in_micromarket');
    expect(await tagStatus(foreignCode)).toBe('new');
    // Heard before the door opens: the live bus keeps only the latest event per row within a flush.
    await expect.poll(() => stockChanges).toEqual([expect.objectContaining({ tags_placed: 1 })]);

    const session = { id: randomUUID(), kind: 'customer', opened_at: clock.nowMs() - 30_000 };
    await device.send('door-session', { ...session, state: 'opened' });
    const closed = { ...session, state: 'closed', closed_at: clock.nowMs() - 1_000, taken_tags: [code] };
    await device.send('door-session', closed);
    await device.send('door-session', closed);
    await expect.poll(() => tagStatus(code)).toBe('not_paid');
    await ctx.app.gateway!.settle();
    const stored = await ctx.database.db.select().from(doorSessions).where(eq(doorSessions.id, session.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.takenTags).toEqual([code]);
    expect((await eventKinds(id)).filter((kind) => kind === 'door_session_closed')).toHaveLength(1);
    await expect
      .poll(() => stockChanges)
      .toEqual([expect.objectContaining({ tags_placed: 1 }), expect.objectContaining({ tags_taken: 1 })]);
    stop();
    await device.close();
  });

  it('delivers a command, records the acknowledgement and words the accelerometer result (§8)', async () => {
    const { id, device } = await newDevice('Commands');
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    // The hello is handled to the end (pending commands claimed) before a command is queued: one
    // queued in between goes out twice, which the protocol allows (the device de-duplicates by id)
    // but this test counts.
    await ctx.app.gateway!.settle();
    const token = await tenant.token('operator');
    const sent = await callApi(ctx, api.deviceCommand.send, {
      params: { id },
      token,
      body: { type: 'accelerometer_check' },
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => device.commands.length).toBe(1);
    expect(device.commands[0]).toMatchObject({ id: sent.json().command.id, type: 'accelerometer_check', v: 1 });
    await device.ack(device.commands[0]!, { tilt_degrees: 0.7 });
    const history = () => okApi(ctx, api.deviceCommand.history, { params: { id }, token });
    await expect.poll(async () => (await history()).items[0]!.status).toBe('acknowledged');
    expect((await history()).items[0]!.message).toBe('Tilt is correct');

    const open = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'open_door' } });
    expect(open.json().message).toBe('The door will be opened shortly');
    const again = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'open_door' } });
    expect(again.statusCode).toBe(409);
    expect(again.error().message).toBe('The door was already opened, wait for completion and retry');
    await device.close();
  });

  it('a crash marks the device offline by its will; a command queued meanwhile arrives once after reconnecting', async () => {
    const { id, device } = await newDevice('Reconnect');
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    await device.crash();
    await expect.poll(async () => (await liveState(id)).connection, { timeout: 10_000 }).toBe('offline');
    const token = await tenant.token('operator');
    const sent = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'rescan' } });
    expect(sent.json().command.status).toBe('queued');
    device.boot += 1;
    device.seq = 0;
    await device.connect();
    await expect.poll(() => device.commands.map((command) => command.id)).toEqual([sent.json().command.id]);
    await device.ack(device.commands[0]!, { tags: 3 });
    await expect
      .poll(async () => (await okApi(ctx, api.deviceCommand.history, { params: { id }, token })).items[0]!.status)
      .toBe('acknowledged');
    // A stale will of the earlier connection does not mark the reconnected device offline.
    const before = stats().rejected.stale_status;
    await device.publishRaw('status', JSON.stringify({ v: 1, status: 'offline', boot: device.boot - 1, seq: 0 }));
    await expect.poll(() => stats().rejected.stale_status - before).toBe(1);
    expect((await liveState(id)).connection).toBe('online');
    expect(device.commands).toHaveLength(1);
    await device.close();
  });

  it('a connection that flaps tells its organisation once, counting the flaps; offline after the quiet window, again', async () => {
    const own = await createTenant(ctx.database.db);
    await routeEvent(ctx.database.db, own.org.main, 'micromarket_offline', 'night-shift');
    const id = await insertMicromarket(ctx.database.db, own.org.main, 'Flapping');
    const device = new TestDevice({ url, ...(await issueToken(ctx.database.db, id)) }, () => clock.nowMs());
    const notices = async () =>
      (
        await ctx.database.db
          .select({ details: fleetNotices.details })
          .from(fleetNotices)
          .where(eq(fleetNotices.micromarketId, id))
          .orderBy(fleetNotices.id)
      ).map((row) => Number(row.details.flaps ?? 0));
    // Online, then its will marks it offline; the next connection is a new boot.
    const flip = async (expected: number[]) => {
      await device.connect();
      await expect.poll(async () => (await liveState(id)).connection).toBe('online');
      await device.crash();
      await expect.poll(notices, { timeout: 10_000 }).toEqual(expected);
      device.boot += 1;
      device.seq = 0;
    };
    await flip([0]);
    clock.advance(60_000);
    await flip([1]);
    clock.advance(60_000);
    await flip([2]);
    expect(await toldOf(ctx.database.db, own.org.main, 'micromarket_offline')).toHaveLength(1);
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    clock.advance(FLAP_QUIET_WINDOW_MS);
    await device.crash();
    await expect.poll(notices, { timeout: 10_000 }).toEqual([2, 0]);
    expect(await toldOf(ctx.database.db, own.org.main, 'micromarket_offline')).toHaveLength(2);
  });

  it('a device silent past the ping timeout goes offline: panels hear of it and its organisation is told once', async () => {
    const own = await createTenant(ctx.database.db);
    await routeEvent(ctx.database.db, own.org.main, 'micromarket_offline', 'night-shift');
    const id = await insertMicromarket(ctx.database.db, own.org.main, 'Silent');
    const device = new TestDevice({ url, ...(await issueToken(ctx.database.db, id)) }, () => clock.nowMs());
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    await ctx.app.gateway!.settle();
    const heard: unknown[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (message.kind === 'event' && message.event.topic === 'micromarket.state' && message.event.id === id)
        heard.push(message.event.data);
    });
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(DEVICE_OFFLINE_AFTER_MS + MAINTAIN_EVERY_MS + 1);
    await ctx.app.jobs.runDue();
    expect((await liveState(id)).connection).toBe('offline');
    expect(await eventKinds(id)).toEqual(['connected', 'disconnected']);
    await expect.poll(() => heard).toContainEqual({ connection: 'offline' });
    clock.advance(MAINTAIN_EVERY_MS + 1);
    await ctx.app.jobs.runDue();
    const told = await toldOf(ctx.database.db, own.org.main, 'micromarket_offline');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: 'night-shift' });
    expect(told[0]!.text).toContain('stopped reporting');
    stop();
    await device.close();
  });

  it("fails an unlocked door nobody opened within the organisation's door-open timeout, with a door-did-not-open alert", async () => {
    const own = await createTenant(ctx.database.db);
    await ctx.database.db.insert(fleetThresholds).values({ orgId: own.org.main, doorOpenTimeoutSeconds: 20 });
    const id = await insertMicromarket(ctx.database.db, own.org.main, 'Door timeout');
    const device = new TestDevice({ url, ...(await issueToken(ctx.database.db, id)) }, () => clock.nowMs());
    await device.connect();
    await expect.poll(async () => (await liveState(id)).connection).toBe('online');
    await ctx.app.gateway!.settle();
    const token = await own.token('operator');
    const statusOf = async (commandId: string) =>
      (await okApi(ctx, api.deviceCommand.history, { params: { id }, token })).items.find(
        (item) => item.id === commandId,
      )?.status;
    const openAndAck = async () => {
      const sent = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'open_door' } });
      expect(sent.statusCode, sent.body).toBe(200);
      const commandId = sent.json().command.id;
      await expect.poll(() => device.commands.some((command) => command.id === commandId)).toBe(true);
      await device.ack(device.commands.find((command) => command.id === commandId)!);
      await expect.poll(() => statusOf(commandId)).toBe('acknowledged');
      return commandId;
    };

    // Opened in time: the door session names the command, and it stays carried out.
    const opened = await openAndAck();
    await device.send('door-session', {
      id: randomUUID(),
      kind: 'service',
      state: 'opened',
      opened_at: clock.nowMs(),
      command_id: opened,
    });
    await expect
      .poll(
        async () =>
          (await ctx.database.db.select().from(doorSessions).where(eq(doorSessions.commandId, opened))).length,
      )
      .toBe(1);
    // Unlocked, never opened: within the 20 s nothing changes, after them the command fails once.
    const unopened = await openAndAck();
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(15_000);
    await ctx.app.jobs.runDue();
    expect(await statusOf(unopened)).toBe('acknowledged');
    clock.advance(MAINTAIN_EVERY_MS);
    await ctx.app.jobs.runDue();
    expect(await statusOf(unopened)).toBe('failed');
    const history = await okApi(ctx, api.deviceCommand.history, { params: { id }, token, lang: 'pl' });
    expect(history.items.find((item) => item.id === unopened)!.message).toBe(
      'Drzwi zostały odblokowane, ale nie otwarto ich na czas',
    );
    expect(await statusOf(opened)).toBe('acknowledged');
    const alerts = await ctx.database.db.select().from(technicalAlerts).where(eq(technicalAlerts.micromarketId, id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 2,
      occurrences: 1,
      details: { command_id: unopened, error: 'door_not_opened' },
    });
    clock.advance(MAINTAIN_EVERY_MS);
    await ctx.app.jobs.runDue();
    const [again] = await ctx.database.db.select().from(technicalAlerts).where(eq(technicalAlerts.micromarketId, id));
    expect(again?.occurrences).toBe(1);
    await device.close();
  });

  it('expires an unanswered command after its lifetime (rescan: 2 minutes, §9)', async () => {
    const { id } = await newDevice('Expiry');
    const token = await tenant.token('operator');
    const statuses: unknown[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (
        message.kind === 'event' &&
        message.event.topic === 'micromarket.command' &&
        message.event.data?.micromarket_id === id
      )
        statuses.push(message.event.data.status);
    });
    await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'rescan' } });
    // Panels showing the history hear of the queueing, and later of the expiry.
    await expect.poll(() => statuses).toEqual(['queued']);
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(2 * 60_000 - 1);
    await ctx.app.jobs.runDue();
    expect((await okApi(ctx, api.deviceCommand.history, { params: { id }, token })).items[0]!.status).toBe('queued');
    clock.advance(MAINTAIN_EVERY_MS);
    await ctx.app.jobs.runDue();
    const history = await okApi(ctx, api.deviceCommand.history, { params: { id }, token });
    expect(history.items[0]!.status).toBe('expired');
    expect(await eventKinds(id)).toContain('command_expired');
    await expect.poll(() => statuses).toEqual(['queued', 'expired']);
    stop();
  });
});
