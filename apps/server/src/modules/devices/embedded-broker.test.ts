import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, TestDevice } from '../../../test/device-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * The embedded broker's own socket guard, so always against the embedded broker, whatever
 * TEST_MQTT_URL says: a packet announcing more than the cap is refused at its header.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ mqtt: { port: 0, host: '127.0.0.1' } });
});
afterAll(() => ctx.close());

/** Sends bytes on a raw socket and resolves once the server has closed it. */
function sendUntilClosed(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.setTimeout(10_000, () => reject(new Error('the broker kept the socket open')));
  });
}

describe('embedded broker packet cap', () => {
  it('closes a connection whose packet announces 10 MB, before the body is sent, and counts it', async () => {
    const gateway = ctx.app.gateway!;
    const before = gateway.stats.rejected.oversized;
    // A PUBLISH header with a remaining length of 10,000,000 (varint 0x80 0xAD 0xE2 0x04), and no body.
    await sendUntilClosed(gateway.port!, Buffer.from([0x30, 0x80, 0xad, 0xe2, 0x04]));
    expect(gateway.stats.rejected.oversized).toBe(before + 1);
  });

  it('still carries a device’s ordinary traffic through the guard', async () => {
    const tenant = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Guarded fridge');
    const credentials = await issueToken(ctx.database.db, id);
    const device = new TestDevice({ url: `mqtt://127.0.0.1:${ctx.app.gateway!.port}`, ...credentials }, Date.now);
    const accepted = ctx.app.gateway!.stats.accepted;
    await device.connect();
    await ctx.app.gateway!.settle();
    expect(ctx.app.gateway!.stats.accepted).toBeGreaterThan(accepted);
    await device.close();
  });
});
