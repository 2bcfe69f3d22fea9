import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../../test/device-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertClosedSale, insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { micromarketDiscounts, priceTags, transactionProducts, transactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/**
 * A discount ends by the injected clock, not by the database's: a discount active
 * until T prices a door close and a correction a minute before T and not a minute after, and
 * the card, the discount list and the labels say so, while the database's own clock (the real
 * one) stands months away from the TestClock's 2026-01-01.
 */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WATER = 2_500;
const DISCOUNTED = 2_250;

/** A scales cabinet selling water, a customer with a card, and its 10 % discount active until an hour from now. */
async function shop() {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', { settings: { payment_scales: true } });
  const water = await insertProduct(db(), orgId, { name: 'Water', sellCostMinor: WATER });
  const customer = await insertCustomerWithCard(db(), orgId);
  const end = clock.nowMs() + 60 * MINUTE_MS;
  await db()
    .insert(micromarketDiscounts)
    .values({ micromarketId, percent: 10, activeTo: new Date(end) });
  // What the test stands on: the database's clock is nowhere near the discount's end.
  const result = await db().execute(sql`SELECT extract(epoch FROM now()) * 1000 AS ms`);
  const databaseMs = Number((result as unknown as { rows: { ms: string | number }[] }).rows[0]!.ms);
  expect(Math.abs(databaseMs - end)).toBeGreaterThan(DAY_MS);
  return { orgId, operator, micromarketId, water, customer, end };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** The customer takes a bottle of water and closes the door now, by the clock; answers the sale's line price. */
async function doorClose(s: Shop, device: TestDevice) {
  const id = randomUUID();
  const at = clock.nowMs();
  const who = { customer_token: s.customer.token };
  await device.send('door-session', { id, state: 'opened', kind: 'customer', opened_at: at - 20_000, ...who });
  await device.send('door-session', {
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at - 20_000,
    closed_at: at,
    taken_tags: [],
    detections: [{ product_id: s.water, quantity: 1, source: 'weight' }],
    ...who,
  });
  const saleOf = async () => {
    const [sale] = await db().select().from(transactions).where(eq(transactions.doorSessionId, id));
    return sale?.closedAt ? sale : null;
  };
  await expect.poll(saleOf).not.toBeNull();
  await ctx.app.jobs.idle();
  const sale = (await saleOf())!;
  expect(sale.closedAt?.getTime()).toBe(at);
  const lines = await db().select().from(transactionProducts).where(eq(transactionProducts.transactionId, sale.id));
  return lines.map((line) => line.priceMinor);
}

/** The operator corrects a sale waiting for a manual check to one bottle of water; answers its line price. */
async function correction(s: Shop) {
  const { sale } = await insertClosedSale(
    db(),
    { orgId: s.orgId, micromarketId: s.micromarketId, customerId: s.customer.userId, closedAt: clock.now(), status: 2 },
    [{ productId: s.water, name: 'Water', quantity: 2, priceMinor: WATER }],
  );
  const card = await okApi(ctx, api.transaction.correct, {
    params: { id: sale.id },
    token: s.operator,
    body: {
      lines: [{ product_id: s.water, quantity: 1 }],
    },
  });
  await ctx.app.jobs.idle();
  return card.lines.map((line) => line.price_minor);
}

/** What the panel shows of the discount: the card's percent, the list's flag and a label's price. */
async function shown(s: Shop) {
  const request = { params: { id: s.micromarketId }, token: s.operator };
  const [card, discounts, labels] = await Promise.all([
    callApi(ctx, api.micromarket.info, request).then((response) => response.json()),
    callApi(ctx, api.micromarket.discounts, request).then((response) => response.json()),
    callApi(ctx, api.micromarket.priceTags, request).then((response) => response.json()),
  ]);
  return {
    percent: card.discount_percent,
    active: discounts.items.map((item) => item.is_active),
    label: labels.items.map((item) => item.current_price),
  };
}

describe('a discount until T, by the injected clock', () => {
  it('prices a door close a minute before T, and not one a minute after', async () => {
    const s = await shop();
    const credentials = await issueToken(db(), s.micromarketId);
    const device = new TestDevice({ url: testBrokerUrl(ctx.app.gateway?.port), ...credentials }, () => clock.nowMs());
    await device.connect();
    clock.set(s.end - MINUTE_MS);
    expect(await doorClose(s, device)).toEqual([DISCOUNTED]);
    clock.set(s.end + MINUTE_MS);
    expect(await doorClose(s, device)).toEqual([WATER]);
    await device.close();
  });

  it('prices a correction a minute before T, and not one a minute after', async () => {
    const s = await shop();
    clock.set(s.end - MINUTE_MS);
    expect(await correction(s)).toEqual([DISCOUNTED]);
    clock.set(s.end + MINUTE_MS);
    expect(await correction(s)).toEqual([WATER]);
  });

  it('shows on the card, the discount list and the labels a minute before T, and not a minute after', async () => {
    const s = await shop();
    await db().insert(priceTags).values({ micromarketId: s.micromarketId, labelCode: 'ESL-1', productId: s.water });
    clock.set(s.end - MINUTE_MS);
    expect(await shown(s)).toEqual({ percent: 10, active: [true], label: [DISCOUNTED] });
    clock.set(s.end + MINUTE_MS);
    expect(await shown(s)).toEqual({ percent: null, active: [false], label: [WATER] });
  });
});
