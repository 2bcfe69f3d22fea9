import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../test/device-client.js';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createTenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { micromarkets } from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';

/**
 * Text PostgreSQL cannot store (a NUL, a lone surrogate) in any string a device sends is bad
 * input: dropped and counted as invalid by the gateway, never a database error.
 */
let ctx: TestContext;
let url: string;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const stats = () => ctx.app.gateway!.stats;
const NUL = 'fw\u0000';
const LONE_SURROGATE = 'vf-\ud800';

async function identityOf(id: number) {
  const [row] = await ctx.database.db
    .select({ firmware: micromarkets.firmware, platform: micromarkets.platform, connection: micromarkets.connection })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  return row;
}

describe('device strings', () => {
  it('a hello, heartbeat or acknowledgement with a NUL or a lone surrogate anywhere is dropped as invalid', async () => {
    const tenant = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Bad strings');
    const device = new TestDevice({ url, ...(await issueToken(ctx.database.db, id)) }, () => clock.nowMs());
    await device.connect({ hello: false });
    const before = { ...stats().rejected };
    await device.send('hello', { firmware: NUL, platform: 'vf-rfid-2' });
    await device.send('hello', { firmware: '2.4.1', platform: LONE_SURROGATE });
    await device.send('heartbeat', { firmware: '\udc00' });
    await expect.poll(() => stats().rejected.invalid - before.invalid).toBe(3);
    await ctx.app.gateway!.settle();
    expect(await identityOf(id)).toMatchObject({ firmware: null, platform: null, connection: 'offline' });

    // The device is still served: a clean hello is taken, and its command's bad answers are not.
    await device.send('hello', { firmware: '2.4.2', platform: 'vf-rfid-2' });
    await expect.poll(async () => (await identityOf(id))?.firmware).toBe('2.4.2');
    await ctx.app.gateway!.settle();
    const token = await tenant.token('operator');
    const sent = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'rescan' } });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(() => device.commands.length).toBe(1);
    const command = device.commands[0]!;
    await device.send('ack', { command_id: command.id, status: 'failed', error: NUL });
    await device.send('ack', { command_id: command.id, status: 'done', result: { [NUL]: 1 } });
    await device.send('ack', { command_id: command.id, status: 'done', result: { tags: [{ code: LONE_SURROGATE }] } });
    await expect.poll(() => stats().rejected.invalid - before.invalid).toBe(6);
    const history = () => okApi(ctx, api.deviceCommand.history, { params: { id }, token });
    expect((await history()).items[0]!.status).toBe('sent');
    await device.ack(command, { tags: 3 });
    await expect.poll(async () => (await history()).items[0]!.status).toBe('acknowledged');
    expect(stats().rejected.failed - before.failed).toBe(0);
    await device.close();
  });
});
