import { randomUUID } from 'node:crypto';
import { type TestPaymentMethod, translate } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import {
  deviceCommands,
  doorSessions,
  micromarkets,
  paymentTransactions,
  testBankObjects,
  transactions,
} from '../../src/db/schema/index.js';
import { registerCustomer } from '../../src/modules/auth/index.js';
import { issueToken, TestDevice } from '../device-client.js';
import { call, type TestContext } from '../helper.js';
import { insertMicromarket, insertProduct, insertTags } from './catalogue.js';
import { uniquePhone } from './customers.js';
import { orgOnTestProvider, saveTestCard } from './payments.js';
import { createSession } from './users.js';

/** What a buyer types into the open-fridge page's form. */
const FORM = { name: 'Olena', phone: '+380501234567' };

/**
 * A fridge of an organisation on the test provider, connected to the broker at `brokerUrl`
 * (the server sees it online), stocked with `sandwiches` tagged sandwiches (so §8's "no
 * products" stays out of the way), and its customer link.
 */
export async function fridgeWithCustomerLink(
  ctx: TestContext,
  options: { brokerUrl: string; now: () => number; sandwiches: number; settings?: Record<string, unknown> },
) {
  const db = ctx.database.db;
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db, orgId, 'Lobby', {
    settings: { payment_rfid: true, ...options.settings },
  });
  const device = new TestDevice({ url: options.brokerUrl, ...(await issueToken(db, micromarketId)) }, options.now);
  await device.connect();
  await expect
    .poll(async () => (await db.select().from(micromarkets).where(eq(micromarkets.id, micromarketId)))[0]?.connection)
    .toBe('online');
  return {
    orgId,
    operator,
    micromarketId,
    device,
    ...(await stockWithLink(ctx, { orgId, operator, micromarketId }, options)),
  };
}

/**
 * A fridge as `fridgeWithCustomerLink` makes it, without a broker: the server was told it is
 * online just now (`now`), which is all the sales gate asks; its door commands wait in the queue.
 */
export async function unconnectedFridgeWithCustomerLink(
  ctx: TestContext,
  options: { now: Date; sandwiches: number; settings?: Record<string, unknown> },
) {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(ctx.database.db, orgId, 'Lobby', {
    settings: { payment_rfid: true, ...options.settings },
    connection: 'online',
    lastActivityAt: options.now,
    door: 'closed',
  });
  return { orgId, operator, micromarketId, ...(await stockWithLink(ctx, { orgId, operator, micromarketId }, options)) };
}

/** The fridge stocked with `sandwiches` tagged sandwiches, and its customer link made by its operator. */
async function stockWithLink(
  ctx: TestContext,
  fridge: { orgId: number; operator: string; micromarketId: number },
  options: { sandwiches: number },
) {
  const db = ctx.database.db;
  const { orgId, micromarketId } = fridge;
  const sandwich = await insertProduct(db, orgId, { name: 'Sandwich', sellCostMinor: 9_900 });
  const stocked = await insertTags(
    db,
    orgId,
    sandwich,
    Array.from({ length: options.sandwiches }, () => ({
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket' as const,
      micromarketId,
    })),
  );
  const link = await call(ctx, 'POST', `/v1/device/open-link/${micromarketId}`, {
    token: fridge.operator,
    payload: { kind: 'customer' },
  });
  expect(link.statusCode, link.body).toBe(200);
  return { tags: stocked.map((tag) => tag.code), link: link.json<{ token: string }>().token };
}

/** The open-fridge page's form sent with `payload`, from `remoteAddress`, in `lang` when given. */
export function sendOpenForm(
  ctx: TestContext,
  token: string,
  payload: object,
  from: { remoteAddress: string; lang?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/open/fridge/${token}`,
    payload: { ...FORM, ...payload },
    remoteAddress: from.remoteAddress,
    ...(from.lang ? { headers: { lang: from.lang } } : {}),
  });
}

/**
 * A customer of `orgId` signed in to the customer app, with `card` (one of the test provider's)
 * saved through the app; `label` starts their name.
 */
export async function appCustomerWithCard(
  ctx: TestContext,
  orgId: number,
  options: { label?: string; phone?: string; card?: TestPaymentMethod } = {},
) {
  const db = ctx.database.db;
  const phone = options.phone ?? uniquePhone();
  const name = `${options.label ?? 'App buyer'} ${randomUUID().slice(0, 6)}`;
  const made = await registerCustomer(db, { orgId, name, email: `${randomUUID()}@app.test`, phone });
  const token = await createSession(db, made.id);
  await saveTestCard(ctx, token, { setup: '/v1/app/card/setup', save: '/v1/app/card/save' }, options.card);
  return { id: made.id, token, phone };
}

/** The customer app's "open this fridge" for the scanned QR code `qr`, signed in as `session`. */
export function appOpen(
  ctx: TestContext,
  session: string,
  qr: string,
  options: { attempt: string; lang?: string; remoteAddress: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/app/open/fridge/${qr}`,
    headers: { authorization: `Bearer ${session}`, ...(options.lang ? { lang: options.lang } : {}) },
    payload: { attempt: options.attempt },
    remoteAddress: options.remoteAddress,
  });
}

/**
 * The fridge opens for the door command `commandId` and closes with `takenTags` gone (a
 * customer's session: its sale takes the session, then is settled; a courier's: no sale).
 */
export async function openAndCloseDoor(
  ctx: TestContext,
  fridge: { device: TestDevice },
  session: { commandId: string; kind: 'customer' | 'courier'; takenTags: string[]; now: () => number },
) {
  const db = ctx.database.db;
  const saleOfCommand = async () =>
    (await db.select().from(transactions).where(eq(transactions.commandId, session.commandId)))[0];
  const id = randomUUID();
  const at = session.now();
  const base = { id, kind: session.kind, opened_at: at, command_id: session.commandId };
  await fridge.device.send('door-session', { ...base, state: 'opened' });
  if (session.kind === 'customer') await expect.poll(async () => (await saleOfCommand())?.doorSessionId).toBe(id);
  await fridge.device.send('door-session', {
    ...base,
    state: 'closed',
    closed_at: at + 10_000,
    taken_tags: session.takenTags,
    detections: [],
  });
  await expect
    .poll(async () => (await db.select().from(doorSessions).where(eq(doorSessions.id, id)))[0]?.closedAt)
    .not.toBeNull();
  if (session.kind === 'customer') await expect.poll(async () => (await saleOfCommand())?.closedAt).not.toBeNull();
  await ctx.app.jobs.idle();
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.idle();
  return saleOfCommand();
}

/** The test bank's payment intents (every hold or charge it was asked to authorise), by id, from its books. */
export async function bankPaymentIntents(ctx: TestContext) {
  const rows = await ctx.database.db
    .select({ id: testBankObjects.id, body: testBankObjects.body })
    .from(testBankObjects)
    .where(eq(testBankObjects.kind, 'payment_intent'));
  return new Map(rows.map((row) => [row.id, row.body as { status: string; amount: number; amount_received: number }]));
}

/**
 * `count` guest forms for the link sent all at once, spread over `apps` (server instances on one
 * database), each from an address of its own; every two share an attempt (a double click). In `lang`.
 */
export function raceOpenForms(apps: readonly App[], token: string, options: { count: number; lang: string }) {
  const attempts = Array.from({ length: Math.ceil(options.count / 2) }, () => randomUUID());
  return Promise.all(
    Array.from({ length: options.count }, (_, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: `/v1/open/fridge/${token}`,
        payload: { ...FORM, payment_method: 'pm_card_visa', attempt: attempts[Math.floor(i / 2)] },
        remoteAddress: `10.34.${Math.floor(Math.random() * 250)}.${i + 1}`,
        headers: { lang: options.lang },
      }),
    ),
  );
}

/**
 * What forms raced at one fridge (`raceOpenForms`, in Ukrainian) must have done: one door
 * command, one hold, at the provider one authorisation since `before`; every other answer that
 * opening or a 409 saying another opening runs, or the sales gate's unclosed previous sale.
 */
export async function expectOpenedOnce(
  ctx: TestContext,
  fridge: { micromarketId: number; orgId: number },
  race: {
    answers: readonly { statusCode: number; body: string; json(): { command_id?: string; message?: string } }[];
    before: Map<string, unknown>;
  },
) {
  const db = ctx.database.db;
  const commands = await db.select().from(deviceCommands).where(eq(deviceCommands.micromarketId, fridge.micromarketId));
  expect(commands).toHaveLength(1);
  const losers = [translate('open.opening_in_progress', 'ua'), translate('payment.refusal.previous_unclosed', 'ua')];
  for (const answer of race.answers) {
    if (answer.statusCode === 200) expect(answer.json().command_id).toBe(commands[0]!.id);
    else {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(losers).toContain(answer.json().message);
    }
  }
  const holds = await db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orgId, fridge.orgId), eq(paymentTransactions.operation, 'hold')));
  expect(holds).toEqual([{ status: 1 }]);
  const authorised = [...(await bankPaymentIntents(ctx))].filter(([id]) => !race.before.has(id));
  expect(authorised).toHaveLength(1);
}
