import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  customerBlocks,
  deviceCommands,
  deviceEvents,
  doorSessions,
  micromarkets,
  shelfProducts,
  shelves,
  subscriptions,
  transactions,
  users,
} from '../../db/schema/index.js';
import { BELOW_MINIMUM } from '../sales/index.js';
import { customerOpenRefusal, NEURO_EVENT, PING_TIMEOUT_MS } from './index.js';

let ctx: TestContext;
let orgId: number;
let productId: number;
let seq = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ orgId } = await orgOnTestProvider(ctx));
  productId = await insertProduct(ctx.database.db, orgId, { name: 'Sandwich' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A micromarket every rule lets through: online just now, door closed, one fresh tag, RFID payment. */
async function sellable(values: Partial<typeof micromarkets.$inferInsert> = {}, tagHours = 48) {
  const id = await insertMicromarket(db(), orgId, `Gate ${++seq}`, {
    connection: 'online',
    lastActivityAt: new Date(),
    door: 'closed',
    settings: { payment_rfid: true },
    ...values,
  });
  await insertTags(db(), orgId, productId, [
    {
      code: `GA7E${seq.toString(16).padStart(8, '0')}`,
      status: 'in_micromarket',
      micromarketId: id,
      storeUpToHours: tagHours,
    },
  ]);
  return id;
}

const refusal = (micromarketId: number, extra: { customerId?: number } = {}) =>
  customerOpenRefusal(db(), { micromarketId, now: new Date(), ...extra });

async function insertSale(micromarketId: number, values: Partial<typeof transactions.$inferInsert> = {}) {
  await db()
    .insert(transactions)
    .values({ orgId, micromarketId, paymentType: 1, currency: 'UAH', openedAt: new Date(), ...values });
}

describe('customerOpenRefusal', () => {
  it('lets a healthy micromarket open, for a guest and for a customer', async () => {
    const id = await sellable();
    const customer = await insertCustomerWithCard(db(), orgId);
    expect(await refusal(id)).toBeNull();
    expect(await refusal(id, { customerId: customer.userId })).toBeNull();
  });

  it('unknown micromarket identifier: no such micromarket, or a deactivated one', async () => {
    expect(await refusal(2_000_000_000)).toBe('payment.refusal.unknown_micromarket');
    expect(await refusal(await sellable({ active: false }))).toBe('payment.refusal.unknown_micromarket');
  });

  it('closed fiscal shift: asks the fiscal area', async () => {
    const id = await sellable();
    const closed = await customerOpenRefusal(db(), {
      micromarketId: id,
      now: new Date(),
      deps: { fiscalShiftClosed: async (_db, asked) => asked === id },
    });
    expect(closed).toBe('payment.refusal.fiscal_shift_closed');
    // The real check: a micromarket registering receipts whose organisation has no open shift.
    const registering = await sellable({ settings: { payment_rfid: true, fiscal_receipts: true } });
    expect(await refusal(registering)).toBe('payment.refusal.fiscal_shift_closed');
  });

  it('previous transaction unclosed: a running sale of the micromarket, or of the customer, or their unpaid one', async () => {
    const busy = await sellable();
    await insertSale(busy, { status: 3 });
    expect(await refusal(busy)).toBe('payment.refusal.previous_unclosed');

    // A web sale whose door command ran out does not hold the micromarket.
    const abandoned = await sellable();
    const [command] = await db()
      .insert(deviceCommands)
      .values({
        micromarketId: abandoned,
        type: 'open_door',
        payload: { session_kind: 'customer' },
        via: 'http',
        status: 'sent',
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning({ id: deviceCommands.id });
    await insertSale(abandoned, { status: 0, paymentType: 23, commandId: command!.id });
    expect(await refusal(abandoned)).toBeNull();

    // A sale only waiting for the provider's answer (4) holds its customer, not the micromarket.
    const waiting = await sellable();
    const payer = await insertCustomerWithCard(db(), orgId);
    await insertSale(waiting, { status: 4, customerId: payer.userId, clientType: 1 });
    expect(await refusal(waiting)).toBeNull();
    expect(await refusal(waiting, { customerId: payer.userId })).toBe('payment.refusal.previous_unclosed');

    const done = await sellable();
    await insertSale(done, { status: 1, paymentStatus: 1 });
    expect(await refusal(done)).toBeNull();

    const customer = await insertCustomerWithCard(db(), orgId);
    const elsewhere = await sellable();
    await insertSale(elsewhere, { status: 1, paymentStatus: 2, customerId: customer.userId, clientType: 1 });
    const here = await sellable();
    expect(await refusal(here, { customerId: customer.userId })).toBe('payment.refusal.previous_unclosed');
    expect(await refusal(here)).toBeNull();

    // Not paid because it was below the provider's minimum charge: written off, not their debt.
    const small = await insertCustomerWithCard(db(), orgId);
    await insertSale(elsewhere, {
      status: 1,
      paymentStatus: 2,
      errorCode: BELOW_MINIMUM,
      customerId: small.userId,
      clientType: 1,
    });
    expect(await refusal(here, { customerId: small.userId })).toBeNull();
  });

  it('no ping/connection: offline, or silent past the ping timeout', async () => {
    expect(await refusal(await sellable({ connection: 'offline' }))).toBe('payment.refusal.no_connection');
    const silent = await sellable({ lastActivityAt: new Date(Date.now() - PING_TIMEOUT_MS - 1000) });
    expect(await refusal(silent)).toBe('payment.refusal.no_connection');
  });

  it('courier operation unfinished: an open courier session, or a courier opening still pending', async () => {
    const restocking = await sellable();
    await db()
      .insert(doorSessions)
      .values({ id: randomUUID(), micromarketId: restocking, kind: 'courier', openedAt: new Date() });
    expect(await refusal(restocking)).toBe('payment.refusal.courier_unfinished');

    const awaited = await sellable();
    await db()
      .insert(deviceCommands)
      .values({
        micromarketId: awaited,
        type: 'open_door',
        payload: { session_kind: 'courier' },
        via: 'http',
        expiresAt: new Date(Date.now() + 60_000),
      });
    expect(await refusal(awaited)).toBe('payment.refusal.courier_unfinished');
  });

  it('door open', async () => {
    expect(await refusal(await sellable({ door: 'open' }))).toBe('payment.refusal.door_open');
  });

  it('expired or damaged products: a tag past its date, or the food-safety lock', async () => {
    expect(await refusal(await sellable({}, -1))).toBe('payment.refusal.expired_products');
    expect(await refusal(await sellable({ lockedAt: new Date() }))).toBe('payment.refusal.expired_products');
  });

  it('blocked from the cabinet: the customer is deactivated', async () => {
    const id = await sellable();
    const customer = await insertCustomerWithCard(db(), orgId);
    await db().update(users).set({ active: false }).where(eq(users.id, customer.userId));
    expect(await refusal(id, { customerId: customer.userId })).toBe('payment.refusal.blocked');
  });

  it('blocked from the cabinet: blocked by the micromarket’s organisation, never by another’s', async () => {
    const id = await sellable();
    const customer = await insertCustomerWithCard(db(), orgId);
    const other = (await orgOnTestProvider(ctx)).orgId;
    const blockBy = (blocker: number) =>
      db().insert(customerBlocks).values({
        orgId: blocker,
        customerId: customer.userId,
        reason: 'Left the door open',
        createdAt: new Date(),
      });
    await blockBy(other);
    expect(await refusal(id, { customerId: customer.userId })).toBeNull();
    await blockBy(orgId);
    expect(await refusal(id, { customerId: customer.userId })).toBe('payment.refusal.blocked');
  });

  it('no payment type settings: no way of paying on, or no payment system for the organisation', async () => {
    expect(await refusal(await sellable({ settings: { payment_rfid: false } }))).toBe(
      'payment.refusal.no_payment_settings',
    );
    const bare = await createTenant(db());
    const id = await insertMicromarket(db(), bare.org.main, 'No provider', {
      connection: 'online',
      lastActivityAt: new Date(),
      settings: { payment_rfid: true },
    });
    expect(await refusal(id)).toBe('payment.refusal.no_payment_settings');
  });

  it('no products: no tag in the micromarket and, on scales, no weighed shelf', async () => {
    const empty = await insertMicromarket(db(), orgId, `Empty ${++seq}`, {
      connection: 'online',
      lastActivityAt: new Date(),
      settings: { payment_rfid: true, payment_scales: true },
    });
    expect(await refusal(empty)).toBe('payment.refusal.no_products');
    const [shelf] = await db()
      .insert(shelves)
      .values({ micromarketId: empty, number: 1, weightGrams: 900 })
      .returning({ id: shelves.id });
    await db().insert(shelfProducts).values({ shelfId: shelf!.id, productId });
    expect(await refusal(empty)).toBeNull();
  });

  it('no neuro connection: neuro payment on and the camera last said it is not connected', async () => {
    const id = await sellable({ settings: { payment_neuro: true } });
    expect(await refusal(id)).toBe('payment.refusal.no_neuro');
    await db()
      .insert(deviceEvents)
      .values({ micromarketId: id, kind: NEURO_EVENT, details: { connected: true } });
    expect(await refusal(id)).toBeNull();
    await db()
      .insert(deviceEvents)
      .values({ micromarketId: id, kind: NEURO_EVENT, details: { connected: false } });
    expect(await refusal(id)).toBe('payment.refusal.no_neuro');
  });

  it('incorrectly counted products: the customer has a sale waiting for the operator correction', async () => {
    const id = await sellable();
    const customer = await insertCustomerWithCard(db(), orgId);
    await insertSale(await sellable(), { status: 2, customerId: customer.userId, clientType: 1 });
    expect(await refusal(id, { customerId: customer.userId })).toBe('payment.refusal.products_miscounted');
    expect(await refusal(id)).toBeNull();
  });

  it('unpaid/inactive subscription: a priced micromarket sells only while its subscription is active and paid', async () => {
    const free = await sellable({ subscriptionPriceMinor: 0 });
    expect(await refusal(free)).toBeNull();
    const id = await sellable({ subscriptionPriceMinor: 50_000 });
    expect(await refusal(id)).toBe('payment.refusal.subscription_inactive');
    const paidUntil = new Date(Date.now() + 86_400_000);
    const [row] = await db()
      .insert(subscriptions)
      .values({ orgId, micromarketId: id, method: 'invoice', paidUntil })
      .returning({ id: subscriptions.id });
    const subscriptionId = row!.id;
    expect(await refusal(id)).toBeNull();
    await db().update(subscriptions).set({ status: 'paused' }).where(eq(subscriptions.id, subscriptionId));
    expect(await refusal(id)).toBe('payment.refusal.subscription_inactive');
    await db()
      .update(subscriptions)
      .set({ status: 'active', paidUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, subscriptionId));
    expect(await refusal(id)).toBe('payment.refusal.subscription_inactive');
  });

  it('answers the first reason that applies, in §8 order', async () => {
    const id = await sellable({ connection: 'offline', door: 'open', lockedAt: new Date() }, -1);
    expect(await refusal(id)).toBe('payment.refusal.no_connection');
    await insertSale(id, { status: 0 });
    expect(await refusal(id)).toBe('payment.refusal.previous_unclosed');
    await db()
      .update(micromarkets)
      .set({ connection: 'online', lastActivityAt: new Date() })
      .where(eq(micromarkets.id, id));
    await db().update(transactions).set({ status: 1 }).where(eq(transactions.micromarketId, id));
    expect(await refusal(id)).toBe('payment.refusal.door_open');
    await db().update(micromarkets).set({ door: 'closed' }).where(eq(micromarkets.id, id));
    expect(await refusal(id)).toBe('payment.refusal.expired_products');
  });
});
