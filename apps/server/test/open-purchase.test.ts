import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCommands,
  fiscalReceipts,
  micromarkets,
  paymentTransactions,
  saleRefusals,
  transactions,
} from '../src/db/schema/index.js';
import { TestClock } from '../src/lib/clock.js';
import { findFiscalSettings, rememberShift, saveFiscalSettings } from '../src/modules/fiscal/fiscal.repository.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from './device-client.js';
import { insertMicromarket, insertProduct, insertTags } from './factories/catalogue.js';
import { orgOnTestProvider } from './factories/payments.js';
import { call, createTestContext, type TestContext } from './helper.js';

/** Issue 8: the customer open-fridge page as a web purchase (§4 payment type 23). */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    live: { flushMs: 0 },
    mqtt: TEST_MQTT_OPTIONS,
  });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const FORM = { name: 'Olena', phone: '+380501234567' };

/** A connected fridge of an organisation on the test provider, stocked with two sandwiches, and its customer link. */
async function shop(settings: Record<string, unknown> = {}) {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', {
    settings: { payment_rfid: true, ...settings },
  });
  const device = new TestDevice({ url, ...(await issueToken(db(), micromarketId)) }, () => clock.nowMs());
  await device.connect();
  await expect
    .poll(async () => (await db().select().from(micromarkets).where(eq(micromarkets.id, micromarketId)))[0]?.connection)
    .toBe('online');
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 9_900 });
  const stocked = await insertTags(
    db(),
    orgId,
    sandwich,
    [1, 2].map(() => ({
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket' as const,
      micromarketId,
    })),
  );
  const link = await call(ctx, 'POST', `/v1/device/open-link/${micromarketId}`, {
    token: operator,
    payload: { kind: 'customer' },
  });
  expect(link.statusCode, link.body).toBe(200);
  return {
    orgId,
    micromarketId,
    device,
    tags: stocked.map((tag) => tag.code),
    link: link.json<{ token: string }>().token,
  };
}

function open(token: string, payload: object, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/open/fridge/${token}`,
    payload: { ...FORM, ...payload },
    remoteAddress: `10.8.0.${++ipSeq}`,
    headers: { lang },
  });
}

const commandsOf = (micromarketId: number) =>
  db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, micromarketId));
const saleOfCommand = async (commandId: string) =>
  (await db().select().from(transactions).where(eq(transactions.commandId, commandId)))[0]!;
const ledgerOf = (saleId: number) =>
  db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, saleId));

describe('web purchase by the customer open-fridge link', () => {
  it('holds the card, opens, and captures what was taken when the door closes: paid, type 23', async () => {
    const s = await shop({ hold_enabled: true, hold_amount: 30_000, fiscal_receipts: true });
    await saveFiscalSettings(db(), { orgId: s.orgId, provider: 'test', delaySeconds: 0 });
    await ctx.app.fiscal.build((await findFiscalSettings(db(), s.orgId))!).openShift();
    await rememberShift(db(), s.orgId, true);
    const answer = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(answer.statusCode, answer.body).toBe(200);
    const commandId = answer.json<{ command_id: string }>().command_id;

    const before = await saleOfCommand(commandId);
    expect(before).toMatchObject({ status: 0, paymentType: 23, clientType: 0, customerId: null, doorSessionId: null });
    const [hold] = await ledgerOf(before.id);
    expect(hold).toMatchObject({ operation: 'hold', status: 1, amountMinor: 30_000 });

    // The fridge opens for that command and the customer takes one sandwich.
    const sessionId = randomUUID();
    const at = clock.nowMs();
    const base = { id: sessionId, kind: 'customer', opened_at: at, command_id: commandId };
    await s.device.send('door-session', { ...base, state: 'opened' });
    await expect.poll(async () => (await saleOfCommand(commandId)).doorSessionId).toBe(sessionId);
    await s.device.send('door-session', {
      ...base,
      state: 'closed',
      closed_at: at + 15_000,
      taken_tags: [s.tags[0]],
      detections: [],
    });
    await expect.poll(async () => (await saleOfCommand(commandId)).closedAt).not.toBeNull();
    await ctx.app.saleSettler.idle();
    await ctx.app.jobs.runDue();

    const sale = await saleOfCommand(commandId);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paymentType: 23, amountMinor: 9_900, paidMinor: 9_900 });
    const ledger = await ledgerOf(sale.id);
    expect(ledger.find((row) => row.operation === 'capture')).toMatchObject({ status: 1, amountMinor: 9_900 });

    // Paid on the web, it ends where every sale ends: one fiscal receipt, registered once.
    await ctx.app.jobs.runDue();
    const receipts = await db().select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, sale.id));
    expect(receipts.map((row) => [row.kind, row.status, row.amountMinor])).toEqual([['sale', 'ready', 9_900]]);

    const progress = await ctx.app.inject({ method: 'GET', url: `/v1/open/door/${commandId}` });
    expect(progress.json().sale).toEqual({
      amount_minor: 9_900,
      currency: sale.currency,
      payment_status: 1,
      receipt_path: `/receipt/${sale.token}`,
    });
  });

  it('a declined card answers the payment system error and queues no door', async () => {
    const s = await shop();
    const answer = await open(s.link, { payment_method: 'pm_card_chargeDeclined' }, 'pl');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Błąd systemu płatności');
    expect(await commandsOf(s.micromarketId)).toEqual([]);
  });

  it('a refusal answers its §8 reason in the caller locale, before any hold', async () => {
    const s = await shop();
    await db().update(micromarkets).set({ door: 'open' }).where(eq(micromarkets.id, s.micromarketId));
    const answer = await open(s.link, { payment_method: 'pm_card_visa' }, 'it');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Porta aperta');
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    // Kept for the error analytics, with the micromarket's organisation.
    const kept = await db()
      .select({ reason: saleRefusals.reason, orgId: saleRefusals.orgId })
      .from(saleRefusals)
      .where(eq(saleRefusals.micromarketId, s.micromarketId));
    expect(kept).toEqual([{ reason: 'payment.refusal.door_open', orgId: expect.any(Number) }]);
  });

  it('a door that never opens lets the hold go: the web sale closes as nothing taken once its command runs out', async () => {
    const s = await shop({ hold_enabled: true, hold_amount: 30_000 });
    const answer = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(answer.statusCode, answer.body).toBe(200);
    const commandId = answer.json<{ command_id: string }>().command_id;
    const { id: saleId } = await saleOfCommand(commandId);

    // The fridge never answers; the open-door command's 60 s pass and the sweep comes round.
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();

    const sale = await saleOfCommand(commandId);
    expect(sale).toMatchObject({ id: saleId, status: 1, paymentStatus: 3, paidMinor: 0, doorSessionId: null });
    const ledger = await ledgerOf(saleId);
    const hold = ledger.find((row) => row.operation === 'hold')!;
    expect(ledger.find((row) => row.operation === 'release')).toMatchObject({ status: 1, parentId: hold.id });

    // A door session that still names the command afterwards is a sale of its own, not this closed one.
    const sessionId = randomUUID();
    await s.device.send('door-session', {
      id: sessionId,
      kind: 'customer',
      opened_at: clock.nowMs(),
      command_id: commandId,
      state: 'opened',
    });
    await expect
      .poll(
        async () => (await db().select().from(transactions).where(eq(transactions.doorSessionId, sessionId))).length,
      )
      .toBe(1);
    expect((await saleOfCommand(commandId)).doorSessionId).toBeNull();
    await s.device.close();
  });

  it('asks for a card: no payment method is a 400 on that field', async () => {
    const s = await shop();
    const answer = await open(s.link, {});
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().fields)).toEqual(['payment_method']);
  });
});
