import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { paymentTransactions, transactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/**
 * Door sessions whose sensors all report, through a real device connection: a
 * fridge with RFID and shelf scales charges each item once, and a session whose sensors
 * disagree waits for an operator with its evidence on the card.
 */
const clock = new TestClock();
let ctx: TestContext;
let url: string;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PANINI_GRAMS = 220;
const SHELVES = [5_000, 4_000, 3_000];

/** An RFID cabinet with shelf scales: a panini (220 g, tagged) and water (520 g). */
async function fridge() {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', { settings: { payment_rfid: true } });
  const device = new TestDevice({ url, ...(await issueToken(db(), micromarketId)) }, () => clock.nowMs());
  await device.connect();
  const panini = await insertProduct(db(), orgId, { name: 'Panini', sellCostMinor: 13_900, weightG: PANINI_GRAMS });
  const water = await insertProduct(db(), orgId, { name: 'Water', sellCostMinor: 2_500, weightG: 520 });
  const [tag] = await insertTags(db(), orgId, panini, [
    {
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket',
      micromarketId,
    },
  ]);
  const customer = await insertCustomerWithCard(db(), orgId);
  return { orgId, operator, device, panini, water, tag: tag!.code, customer };
}
type Fridge = Awaited<ReturnType<typeof fridge>>;

type Reading = {
  taken_tags: string[];
  detections: { product_id: number; quantity: number; source: 'weight' | 'camera'; shelf: number }[];
  /** Grams each shelf lost. */
  lost: [number, number, number];
};

/** A customer's whole door session as the fridge reports it; answers the sale once it is settled or waiting. */
async function session(f: Fridge, reading: Reading) {
  const id = randomUUID();
  const at = clock.nowMs();
  const who = { customer_token: f.customer.token };
  await f.device.send('door-session', { id, state: 'opened', kind: 'customer', opened_at: at, ...who });
  await f.device.send('door-session', {
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at,
    closed_at: at + 12_000,
    taken_tags: reading.taken_tags,
    detections: reading.detections,
    weights_before: SHELVES,
    weights_after: SHELVES.map((grams, index) => grams - reading.lost[index]!),
    ...who,
  });
  await expect
    .poll(async () => {
      const [sale] = await db().select().from(transactions).where(eq(transactions.doorSessionId, id));
      return sale?.closedAt ? sale : null;
    })
    .not.toBeNull();
  await ctx.app.jobs.idle();
  await ctx.app.jobs.runDue();
  const [sale] = await db().select().from(transactions).where(eq(transactions.doorSessionId, id));
  return sale!;
}

const cardOf = async (f: Fridge, id: number) =>
  (await callApi(ctx, api.transaction.info, { params: { id }, token: f.operator })).json();

describe('a fridge with RFID and shelf scales', () => {
  it('charges one panini once: its tag and the scales agree on one line', async () => {
    const f = await fridge();
    const sale = await session(f, {
      taken_tags: [f.tag],
      detections: [{ product_id: f.panini, quantity: 1, source: 'weight', shelf: 2 }],
      lost: [0, PANINI_GRAMS, 0],
    });
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, amountMinor: 13_900, paidMinor: 13_900 });
    const card = await cardOf(f, sale.id);
    expect(card.lines.map((line) => [line.name, line.source, line.quantity, line.tag_code])).toEqual([
      ['Panini', 'tag', 1, f.tag],
    ]);
    expect(card.sensor_check).toMatchObject({
      authority: 'rfid',
      checked_by: ['weight'],
      expected_grams: PANINI_GRAMS,
      measured_grams: PANINI_GRAMS,
      disagreements: [],
    });
    const charges = await db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, sale.id));
    expect(charges.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([['charge', 1, 13_900]]);
    await f.device.close();
  });

  it('an item no tag explains sends the sale to manual processing, uncharged, with the numbers on its card; the operator resolves it', async () => {
    const f = await fridge();
    const sale = await session(f, {
      taken_tags: [],
      detections: [{ product_id: f.water, quantity: 1, source: 'weight', shelf: 1 }],
      lost: [520, 0, 0],
    });
    expect(sale).toMatchObject({ status: 2, paymentStatus: 0, paidMinor: 0 });
    expect(await db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, sale.id))).toEqual(
      [],
    );
    const card = await cardOf(f, sale.id);
    expect(card.actions.can_correct).toBe(true);
    expect(card.sensor_check?.disagreements).toEqual([
      expect.objectContaining({
        kind: 'count_differs',
        product_id: f.water,
        product_name: 'Water',
        sensor: 'weight',
        counted: 0,
        seen: 1,
      }),
      expect.objectContaining({ kind: 'weight_unexplained', expected_grams: 0, measured_grams: 520 }),
    ]);
    expect(card.sensor_check?.shelves).toEqual([
      { shelf: 1, measured_grams: 520, expected_grams: 520 },
      { shelf: 2, measured_grams: 0, expected_grams: 0 },
      { shelf: 3, measured_grams: 0, expected_grams: 0 },
    ]);
    // The operator saw the bottle go: the sale is corrected to it and paid once.
    await okApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: f.operator,
      body: {
        lines: [{ product_id: f.water, quantity: 1 }],
      },
    });
    await ctx.app.jobs.idle();
    await ctx.app.jobs.runDue();
    const resolved = await cardOf(f, sale.id);
    expect(resolved).toMatchObject({ status: 1, payment_status: 1, paid_minor: 2_500 });
    expect(resolved.sensor_check?.resolved_at).toBe(clock.now().toISOString());
    expect(resolved.sensor_check?.resolved_by).not.toBeNull();
    expect(resolved.lines.map((line) => [line.name, line.is_corrected])).toEqual([['Water', true]]);
    expect(resolved.sensor_check?.resolved_by_name).toEqual(expect.any(String));

    // The resolved dispute becomes a training example, once.
    const sent = await okApi(ctx, api.transaction.toDataset, {
      params: { id: sale.id },
      token: f.operator,
      body: {
        tags: ['purchase_top'],
      },
    });
    expect(sent).toMatchObject({ type: 'session', tags: ['purchase_top'], mime_type: 'application/json' });
    const file = await ctx.app.inject({ method: 'GET', url: sent.url });
    expect(file.headers['content-disposition']).toBe('attachment');
    expect(file.json()).toMatchObject({
      transaction_id: sale.id,
      sensor_check: { disagreements: [expect.objectContaining({ kind: 'count_differs' }), expect.anything()] },
      counted_by_operator: [expect.objectContaining({ name: 'Water', quantity: 1, is_corrected: true })],
    });
    expect((await cardOf(f, sale.id)).sensor_check?.dataset_at).toBe(clock.now().toISOString());
    const again = await callApi(ctx, api.transaction.toDataset, {
      params: { id: sale.id },
      token: f.operator,
      body: { tags: [] },
    });
    expect(again.statusCode).toBe(409);
    await f.device.close();
  });

  it('only a resolved dispute goes to the dataset, and only the sale’s own organisation may send it', async () => {
    const f = await fridge();
    const other = await fridge();
    const agreed = await session(f, {
      taken_tags: [f.tag],
      detections: [{ product_id: f.panini, quantity: 1, source: 'weight', shelf: 2 }],
      lost: [0, PANINI_GRAMS, 0],
    });
    const disputed = await session(f, { taken_tags: [], detections: [], lost: [0, 0, 700] });
    for (const id of [agreed.id, disputed.id]) {
      const refused = await callApi(ctx, api.transaction.toDataset, {
        params: { id },
        token: f.operator,
        body: {},
        lang: 'pl',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.error().message).toContain('spór czujników');
    }
    const foreign = await callApi(ctx, api.transaction.toDataset, {
      params: { id: disputed.id },
      token: other.operator,
      body: {},
    });
    expect(foreign.statusCode).toBe(404);
    await f.device.close();
    await other.device.close();
  });

  it('a heavy hand on a shelf at close: counts agree, the shelves do not, the sale waits', async () => {
    const f = await fridge();
    const sale = await session(f, {
      taken_tags: [f.tag],
      detections: [{ product_id: f.panini, quantity: 1, source: 'weight', shelf: 2 }],
      lost: [0, PANINI_GRAMS - 600, 0],
    });
    expect(sale).toMatchObject({ status: 2, paidMinor: 0 });
    expect((await cardOf(f, sale.id)).sensor_check?.disagreements).toEqual([
      expect.objectContaining({ kind: 'weight_missing', expected_grams: PANINI_GRAMS, measured_grams: -380 }),
    ]);
    await f.device.close();
  });
});
