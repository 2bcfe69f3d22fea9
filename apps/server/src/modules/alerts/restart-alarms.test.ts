import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_START_GRACE_MS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, TestDevice } from '../../../test/device-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { refusingDatabase } from '../../../test/faults/refusing-database.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { fleetNotices, mailOutbox, micromarkets } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { MAINTAIN_EVERY_MS } from '../device-commands/index.js';

/**
 * A restart of the server is not its fridges going offline: its shutdown must not turn
 * the devices' last wills into "Offline" alerts and mails, and after it starts again a fridge has
 * DEVICE_START_GRACE_MS to reconnect before its silence counts. One still silent past the grace
 * is offline, told once. The embedded broker (its wills are the server's to take or refuse), the
 * test clock for the downtime and the grace.
 */
const clock = new TestClock(Date.now());
let ctx: TestContext;
let tenant: Tenant;
const apps: App[] = [];
const folders: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ clock, mqtt: { port: 0, host: '127.0.0.1' } });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** The server started again on the same database and clock: a new embedded broker, a new gateway. */
async function restartedApp(database: Database = ctx.database): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-restart-'));
  folders.push(dataDir);
  const app = await buildApp({
    database,
    clock,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    mqtt: { port: 0, host: '127.0.0.1' },
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** Each test's own organisation, told of its fridges going offline: what it hears is that test's alone. */
async function newTenant() {
  tenant = await createTenant(ctx.database.db);
  await routeEvent(ctx.database.db, tenant.org.main, 'micromarket_offline', 'night-shift');
}

async function fridge(name: string, app: App) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  const connectTo = (to: App, boot: number) =>
    new TestDevice({ url: `mqtt://127.0.0.1:${to.gateway!.port}`, ...credentials, boot }, () => clock.nowMs());
  const device = connectTo(app, 1);
  await device.connect();
  return { id, device, connectTo };
}

async function connectionOf(id: number) {
  const [row] = await ctx.database.db
    .select({ connection: micromarkets.connection })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  return row!.connection;
}

/** What the organisation heard of its fridges going offline: bell notices, routed messages, mails. */
async function alarms(ids: number[], names: string[]) {
  const notices = await ctx.database.db
    .select({ micromarketId: fleetNotices.micromarketId, kind: fleetNotices.kind })
    .from(fleetNotices)
    .where(eq(fleetNotices.orgId, tenant.org.main));
  const mails = await ctx.database.db.select({ subject: mailOutbox.subject, body: mailOutbox.body }).from(mailOutbox);
  return {
    notices: notices.filter((notice) => ids.includes(notice.micromarketId!) && notice.kind === 'offline'),
    told: await toldOf(ctx.database.db, tenant.org.main, 'micromarket_offline'),
    mails: mails
      .filter((mail) => /offline/i.test(mail.subject) && names.some((name) => mail.body.includes(name)))
      .map((mail) => mail.subject),
  };
}

/** A heartbeat (QoS 0: nothing acknowledges it), taken in by `app`, and its activity written if it can be. */
async function heartbeatTo(app: App, device: TestDevice) {
  const received = app.gateway!.stats.received;
  await device.send('heartbeat', {});
  await expect.poll(() => app.gateway!.stats.received).toBeGreaterThan(received);
  await app.gateway!.settle();
}

describe('a server restart', () => {
  it('raises no offline alarm for fridges that reconnect, and one for a fridge silent past the grace', async () => {
    await newTenant();
    const back = await fridge('Comes back', ctx.app);
    const silent = await fridge('Stays silent', ctx.app);
    await expect
      .poll(async () => [await connectionOf(back.id), await connectionOf(silent.id)])
      .toEqual(['online', 'online']);
    await ctx.app.gateway!.settle();

    // A plain stop: the broker closes every device's connection, which would publish their wills.
    await ctx.app.close();
    expect([await connectionOf(back.id), await connectionOf(silent.id)]).toEqual(['online', 'online']);
    const ids = [back.id, silent.id];
    const names = ['Comes back', 'Stays silent'];
    expect(await alarms(ids, names)).toEqual({ notices: [], told: [], mails: [] });

    // Down for five minutes (a deploy), then started again: one fridge reconnects at once, the
    // other does not.
    clock.advance(5 * 60_000);
    const app = await restartedApp();
    const returned = back.connectTo(app, 2);
    await returned.connect();
    await app.gateway!.settle();
    await app.jobs.scheduleRecurring();
    const heartbeat = () => heartbeatTo(app, returned);
    // The presence sweep runs all through the grace: nobody is offline yet, nothing is told.
    for (let elapsed = 0; elapsed + MAINTAIN_EVERY_MS < DEVICE_START_GRACE_MS; elapsed += MAINTAIN_EVERY_MS) {
      clock.advance(MAINTAIN_EVERY_MS);
      await heartbeat();
      await app.jobs.runDue();
    }
    expect([await connectionOf(back.id), await connectionOf(silent.id)]).toEqual(['online', 'online']);
    expect(await alarms(ids, names)).toEqual({ notices: [], told: [], mails: [] });

    // Past the grace the silent one is offline, told once; the one that came back stays online.
    for (let round = 0; round < 3; round++) {
      clock.advance(MAINTAIN_EVERY_MS);
      await heartbeat();
      await app.jobs.runDue();
    }
    expect([await connectionOf(back.id), await connectionOf(silent.id)]).toEqual(['online', 'offline']);
    const told = await alarms(ids, names);
    expect(told.notices).toEqual([{ micromarketId: silent.id, kind: 'offline' }]);
    expect(told.told).toHaveLength(1);
    expect(told.told[0]!.text).toContain('stopped reporting');
    await returned.close();
    await back.device.close();
    await silent.device.close();
  });

  it('gives fridges the grace again once the database is back from an outage', async () => {
    await newTenant();
    let isDown = false;
    const app = await restartedApp(refusingDatabase(ctx.database, () => isDown));
    await app.jobs.scheduleRecurring();
    const { id, device } = await fridge('Through the outage', app);
    await expect.poll(() => connectionOf(id)).toBe('online');
    // Past the start's grace the sweep runs; the fridge, heard all along, stays online.
    for (let elapsed = 0; elapsed <= DEVICE_START_GRACE_MS; elapsed += MAINTAIN_EVERY_MS) {
      clock.advance(MAINTAIN_EVERY_MS);
      await heartbeatTo(app, device);
      await app.jobs.runDue();
    }
    expect(await connectionOf(id)).toBe('online');

    // The database goes away for two minutes: the fridge's heartbeat is not written, no job runs.
    isDown = true;
    await heartbeatTo(app, device);
    clock.advance(2 * 60_000);
    await expect(app.jobs.runDue()).rejects.toThrow();
    isDown = false;
    // Back: what the fridge last said is written now, two minutes old; the silence was the server's.
    clock.advance(MAINTAIN_EVERY_MS);
    await app.gateway!.settle();
    await app.jobs.runDue();
    expect(await connectionOf(id)).toBe('online');
    expect(await alarms([id], ['Through the outage'])).toEqual({ notices: [], told: [], mails: [] });
    // Heard again within the grace, it stays online past it.
    await heartbeatTo(app, device);
    for (let elapsed = 0; elapsed <= DEVICE_START_GRACE_MS; elapsed += MAINTAIN_EVERY_MS) {
      clock.advance(MAINTAIN_EVERY_MS);
      if (elapsed % (3 * MAINTAIN_EVERY_MS) === 0) await heartbeatTo(app, device);
      await app.jobs.runDue();
    }
    expect(await connectionOf(id)).toBe('online');
    expect(await alarms([id], ['Through the outage'])).toEqual({ notices: [], told: [], mails: [] });
    await device.close();
  });
});
