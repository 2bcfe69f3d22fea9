import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFails, issueToken, TestDevice } from '../../test/device-client.js';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createTenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import type { Transport } from './transport.js';

/**
 * The gateway's counters count what their names say: `oversized` counts packets over
 * the cap, not every connection the embedded broker closes. Always against the embedded broker,
 * whose socket guard it is, whatever TEST_MQTT_URL says.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ mqtt: { port: 0, host: '127.0.0.1' } });
});
afterAll(() => ctx.close());

describe('gateway counters', () => {
  it('count a refused login and a clean disconnect as what they are, not as oversized packets', async () => {
    const gateway = ctx.app.gateway!;
    const url = `mqtt://127.0.0.1:${gateway.port}`;
    const tenant = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Counted fridge');
    const credentials = await issueToken(ctx.database.db, id);
    const before = { ...gateway.stats.rejected, authFailures: gateway.stats.authFailures };
    expect(await connectFails(url, credentials.serial, 'not-the-token')).not.toBeNull();
    await expect.poll(() => gateway.stats.authFailures).toBe(before.authFailures + 1);
    const device = new TestDevice({ url, ...credentials }, Date.now);
    await device.connect();
    await device.close();
    const crashed = new TestDevice({ url, ...credentials }, Date.now);
    await crashed.connect();
    await crashed.crash();
    await gateway.settle();
    await expect.poll(() => gateway.stats.accepted).toBeGreaterThanOrEqual(2);
    // The broker has seen both connections end (the counter went up there, before the fix).
    const transport = (gateway as unknown as { transport: Transport }).transport;
    await expect.poll(() => transport.connectedSerials()).toEqual([]);
    expect(gateway.stats.rejected.oversized).toBe(before.oversized);
  });
});
