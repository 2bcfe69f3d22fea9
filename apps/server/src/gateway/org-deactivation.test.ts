import { randomUUID } from 'node:crypto';
import { api, PERMISSION_NAMES } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api-client.js';
import {
  connectFails,
  EXTERNAL_MQTT_URL,
  issueToken,
  TEST_MQTT_OPTIONS,
  TestDevice,
  testBrokerUrl,
} from '../../test/device-client.js';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createOrganisation } from '../../test/factories/organisations.js';
import { orgOnTestProvider } from '../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../test/factories/sales.js';
import { createTenant } from '../../test/factories/tenant.js';
import { createSignedInUser } from '../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { doorSessions, micromarkets, paymentTransactions, saleRefusals, transactions } from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';

/** A deactivated organisation stops selling at once, seen from its fridges. */
let ctx: TestContext;
let url: string;
let admin: string;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
  // A platform user (every permission, view_all_organizations among them) of this file alone.
  admin = (await createSignedInUser(db(), { orgId: await createOrganisation(db()), permissions: PERMISSION_NAMES }))
    .token;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** Behind an external broker the server cannot refuse or close a connection (device-protocol.md §8). */
const embeddedOnly: (name: string, test: () => Promise<void>) => void = EXTERNAL_MQTT_URL ? () => {} : it;

async function connectedFridge(orgId: number, name: string, settings: Record<string, unknown> = {}) {
  const id = await insertMicromarket(db(), orgId, name, { settings });
  const credentials = await issueToken(db(), id);
  const device = new TestDevice({ url, ...credentials }, () => clock.nowMs());
  await device.connect();
  await expect.poll(async () => (await connectionOf(id)) === 'online').toBe(true);
  await ctx.app.gateway!.settle();
  return { id, device, ...credentials };
}

async function connectionOf(id: number) {
  const [row] = await db()
    .select({ connection: micromarkets.connection })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  return row?.connection;
}

async function setActive(orgId: number, active: boolean) {
  const endpoint = active ? api.organization.activate : api.organization.deactivate;
  const response = await callApi(ctx, endpoint, { params: { id: orgId }, token: admin });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Deactivated without the announcement reaching the gateway yet: what a fridge behind an
 * external broker (which the server cannot disconnect) or a message already in flight meets.
 */
async function deactivateUnannounced(orgId: number) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE organizations DISABLE TRIGGER organizations_auth_update`);
    await tx.execute(sql`UPDATE organizations SET active = false WHERE id = ${orgId}`);
    await tx.execute(sql`ALTER TABLE organizations ENABLE TRIGGER organizations_auth_update`);
  });
}

describe('a deactivated organisation’s fridges', () => {
  embeddedOnly(
    'are disconnected at once and refused at CONNECT as not authorised, until it is active again',
    async () => {
      const tenant = await createTenant(db());
      const fridge = await connectedFridge(tenant.org.kyiv, 'Deactivated');
      const neighbour = await connectedFridge(tenant.org.main, 'Still selling');
      await setActive(tenant.org.kyiv, false);
      await expect.poll(() => fridge.device.client?.connected ?? false).toBe(false);
      // Closed by the broker, so its last will marks it offline.
      await expect.poll(() => connectionOf(fridge.id)).toBe('offline');
      expect(await connectFails(url, fridge.serial, fridge.token)).toMatchObject({ code: 5 });
      expect(neighbour.device.client?.connected).toBe(true);
      expect(await connectionOf(neighbour.id)).toBe('online');

      await setActive(tenant.org.kyiv, true);
      fridge.device.boot += 1;
      fridge.device.seq = 0;
      await fridge.device.connect();
      await expect.poll(() => connectionOf(fridge.id)).toBe('online');
      await fridge.device.close();
      await neighbour.device.close();
    },
  );

  it('have their door sessions stored, but sell nothing: no sale, no hold, the refusal counted', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const customer = await insertCustomerWithCard(db(), orgId);
    const { id, device } = await connectedFridge(orgId, 'Hold fridge', {
      payment_rfid: true,
      hold_enabled: true,
      hold_amount: 5_000,
    });
    const session = async () => {
      const sessionId = randomUUID();
      const at = clock.nowMs();
      const base = { id: sessionId, kind: 'customer', opened_at: at, customer_token: customer.token };
      await device.send('door-session', { ...base, state: 'opened' });
      await device.send('door-session', { ...base, state: 'closed', closed_at: at + 10_000, taken_tags: [] });
      await expect
        .poll(async () => (await db().select().from(doorSessions).where(eq(doorSessions.id, sessionId)))[0]?.closedAt)
        .toBeTruthy();
      await ctx.app.gateway!.settle();
      await ctx.app.jobs.idle();
    };
    const count = async () => ({
      sales: (await db().select().from(transactions).where(eq(transactions.micromarketId, id))).length,
      holds: (await db().select().from(paymentTransactions).where(eq(paymentTransactions.orgId, orgId))).length,
      refusals: (await db().select().from(saleRefusals).where(eq(saleRefusals.micromarketId, id))).map(
        (row) => row.reason,
      ),
    });
    // While active, the same session is a sale with a hold on the customer's card.
    await session();
    const active = await count();
    expect(active.sales).toBe(1);
    expect(active.holds).toBeGreaterThan(0);
    expect(active.refusals).toEqual([]);

    await deactivateUnannounced(orgId);
    await session();
    expect(await count()).toEqual({ ...active, refusals: ['payment.refusal.organization_inactive'] });
    await device.close();
  });

  it('finish a sale opened before the deactivation, so nothing is left open with a hold', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const customer = await insertCustomerWithCard(db(), orgId);
    const { id, device } = await connectedFridge(orgId, 'In flight', {
      payment_rfid: true,
      hold_enabled: true,
      hold_amount: 5_000,
    });
    const at = clock.nowMs();
    const base = { id: randomUUID(), kind: 'customer', opened_at: at, customer_token: customer.token };
    await device.send('door-session', { ...base, state: 'opened' });
    const sale = async () => (await db().select().from(transactions).where(eq(transactions.micromarketId, id)))[0];
    await expect.poll(async () => (await sale())?.id).toBeTruthy();
    await ctx.app.gateway!.settle();
    await ctx.app.jobs.idle();

    await deactivateUnannounced(orgId);
    await device.send('door-session', { ...base, state: 'closed', closed_at: at + 10_000, taken_tags: [] });
    await expect.poll(async () => (await sale())?.closedAt ?? null).not.toBeNull();
    await ctx.app.gateway!.settle();
    await ctx.app.jobs.idle();
    // Nothing taken: closed with its hold let go (§4: status 1, payment status 3), and no refusal.
    expect(await sale()).toMatchObject({ status: 1, paymentStatus: 3 });
    const operations = await db().select().from(paymentTransactions).where(eq(paymentTransactions.orgId, orgId));
    expect(operations.map((row) => [row.operation, row.status]).sort()).toEqual([
      ['hold', 1],
      ['release', 1],
    ]);
    expect(await db().select().from(saleRefusals).where(eq(saleRefusals.micromarketId, id))).toEqual([]);
    await device.close();
  });
});
