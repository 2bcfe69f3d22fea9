import { api, endpointPath } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { orgOnTestProvider, platformOnTestProvider, saveSubscriptionCard } from '../../../test/factories/payments.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';
import { micromarkets, subscriptionInvoices, subscriptionPayments } from '../../db/schema/index.js';
import { organizations } from '../../db/schema/organizations.js';
import { seedSubscriptionsDemo } from '../../demo/subscriptions.js';
import { systemActor } from '../../lib/actor.js';
import { TestClock } from '../../lib/clock.js';
import { subscriptionRefusal } from './index.js';
import * as service from './subscriptions.service.js';

const START = Date.UTC(2026, 4, 10, 9);
const clock = new TestClock(START);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
beforeEach(() => clock.set(START));
afterAll(() => ctx.close());

const system = systemActor({ via: 'job', label: 'test' });

/**
 * An organisation on the test provider with a price and two micromarkets; the platform's own
 * payment system (which charges subscription fees) on the test provider too.
 */
async function world(simulate = 'none', price = 50_000) {
  const { orgId, setSimulation } = await orgOnTestProvider(ctx, simulate);
  const platform = await platformOnTestProvider(ctx);
  const db = ctx.database.db;
  await db.update(organizations).set({ subscriptionPriceMinor: price }).where(eq(organizations.id, orgId));
  const a = await insertMicromarket(db, orgId, 'Sub A');
  const b = await insertMicromarket(db, orgId, 'Sub B', { subscriptionPriceMinor: 30_000 });
  const { token } = await createSignedInUser(db, { orgId, permissions: ['show_organization_subscribe'] });
  const saveCard = () => saveSubscriptionCard(ctx, token, orgId);
  return { orgId, a, b, setSimulation, setPlatformSimulation: platform.setSimulation, saveCard };
}

const services = () => ctx.app.services;
const payments = (orgId: number) =>
  ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.orgId, orgId));

describe('subscriptions: service', () => {
  it('subscribes by invoice with sequential numbers; paying the invoice lifts the refusal', async () => {
    const { orgId, a, b } = await world();
    const db = ctx.database.db;
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    const first = await service.subscribe(services(), ctx.app.payments, system, orgId, {
      micromarket_ids: [a],
      method: 'invoice',
    });
    expect(first).toMatchObject({ type: 0, status: 0, amountMinor: 50_000 });
    await service.subscribe(services(), ctx.app.payments, system, orgId, { micromarket_ids: [b], method: 'invoice' });
    const invoices = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.orgId, orgId));
    expect(invoices.map((i) => i.number).sort()).toEqual(['INV-2026-000001', 'INV-2026-000002']);
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    await service.markInvoicePaid(services(), system, first.invoiceId!);
    expect(await subscriptionRefusal(db, a, clock.now())).toBeNull();
    expect(await subscriptionRefusal(db, b, clock.now())).toBe('subscription.unpaid');
    await service.changeSubscription(services(), system, a, 'pause');
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    await service.changeSubscription(services(), system, a, 'continue');
    expect(await subscriptionRefusal(db, a, clock.now())).toBeNull();
  });

  it('a zero price is never refused', async () => {
    const { a } = await world('none', 0);
    expect(await subscriptionRefusal(ctx.database.db, a, clock.now())).toBeNull();
  });
});

describe('subscriptions: monthly billing', () => {
  it('charges a card once per month however often the job runs; a decline is not paid', async () => {
    const { orgId, a, b, setSimulation, setPlatformSimulation, saveCard } = await world();
    await saveCard();
    const first = await service.subscribe(services(), ctx.app.payments, system, orgId, {
      micromarket_ids: [a, b],
      method: 'card',
    });
    expect(first).toMatchObject({ type: 0, status: 1, amountMinor: 80_000 });
    expect(await subscriptionRefusal(ctx.database.db, b, clock.now())).toBeNull();
    // The next month: the daily check queues one keyed job per organisation and month.
    clock.set(Date.UTC(2026, 5, 1, 6));
    for (let i = 0; i < 2; i++) {
      await service.queueMonthlyBilling(services());
      await ctx.app.jobs.runDue();
    }
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    const june = (await payments(orgId)).filter((p) => p.periodMonth === '2026-06-01');
    expect(june).toHaveLength(1);
    expect(june[0]).toMatchObject({ type: 1, status: 1, amountMinor: 80_000 });
    // The organisation's own payment system declining changes nothing: the fee is the platform's.
    await setSimulation('decline');
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    expect((await payments(orgId)).filter((p) => p.periodMonth === '2026-06-01')[0]).toMatchObject({ status: 1 });
    // July, declined by the platform's.
    await setPlatformSimulation('decline');
    clock.set(Date.UTC(2026, 6, 2, 6));
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-07-01');
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-07-01');
    const july = (await payments(orgId)).filter((p) => p.periodMonth === '2026-07-01');
    expect(july).toHaveLength(1);
    expect(july[0]).toMatchObject({ type: 1, status: 2 });
    expect(await subscriptionRefusal(ctx.database.db, a, clock.now())).toBe('subscription.unpaid');
  });

  it('tells the organisation’s unpaid-subscription routes of a declined charge, once', async () => {
    const { orgId, a, b, setPlatformSimulation, saveCard } = await world();
    await routeEvent(ctx.database.db, orgId, 'subscription_unpaid', 'billing@shop.example');
    await saveCard();
    await service.subscribe(services(), ctx.app.payments, system, orgId, { micromarket_ids: [a, b], method: 'card' });
    expect(await toldOf(ctx.database.db, orgId, 'subscription_unpaid')).toEqual([]);
    await setPlatformSimulation('decline');
    clock.set(Date.UTC(2026, 5, 1, 6));
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    const told = await toldOf(ctx.database.db, orgId, 'subscription_unpaid');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: 'billing@shop.example', subject: 'Subscription unpaid: 2026-06' });
    expect(told[0]!.text).toContain('800.00');
    expect(told[0]!.text).toContain('2 micromarket(s)');
  });

  it('invoice payers get a new invoice (type 2); canceled auto billing is not billed', async () => {
    const { orgId, a, b } = await world();
    await service.subscribe(services(), ctx.app.payments, system, orgId, {
      micromarket_ids: [a, b],
      method: 'invoice',
    });
    await service.changeSubscription(services(), system, b, 'cancel_auto_billing');
    const june = await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    expect(june).toMatchObject({ type: 2, status: 0, amountMinor: 50_000, micromarketIds: [a] });
    const again = await service.billOrganisation(services(), ctx.app.payments, orgId, '2026-06-01');
    expect(again!.id).toBe(june!.id);
    const invoices = await ctx.database.db
      .select({ number: subscriptionInvoices.number })
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.orgId, orgId));
    expect(invoices.map((i) => i.number).sort()).toEqual(['INV-2026-000001', 'INV-2026-000002']);
  });
});

describe('subscriptions: HTTP', () => {
  const perms = ['show_organization_subscribe', 'show_subscribe_transactions'] as const;

  async function httpWorld() {
    const w = await world();
    const db = ctx.database.db;
    const owner = (await createSignedInUser(db, { orgId: w.orgId, permissions: [...perms] })).token;
    const stranger = (await orgOnTestProvider(ctx)).orgId;
    const other = (await createSignedInUser(db, { orgId: stranger, permissions: [...perms] })).token;
    const bare = (await createSignedInUser(db, { orgId: w.orgId, permissions: [] })).token;
    return { ...w, owner, other, bare };
  }

  it('401 without a session, 403 without the permission, 404 for another organisation', async () => {
    const { orgId, a, owner, other, bare } = await httpWorld();
    expect((await callApi(ctx, api.subscription.devices, { params: { org_id: orgId } })).statusCode).toBe(401);
    expect((await callApi(ctx, api.subscription.payments)).statusCode).toBe(401);
    expect((await callApi(ctx, api.subscription.devices, { params: { org_id: orgId }, token: bare })).statusCode).toBe(
      403,
    );
    expect((await callApi(ctx, api.subscription.payments, { token: bare })).statusCode).toBe(403);
    expect((await callApi(ctx, api.subscription.devices, { params: { org_id: orgId }, token: other })).statusCode).toBe(
      404,
    );
    const subscribed = await callApi(ctx, api.subscription.subscribe, {
      params: { org_id: orgId },
      token: owner,
      body: { micromarket_ids: [a], method: 'invoice' },
    });
    expect(subscribed.statusCode).toBe(200);
    const invoiceId = subscribed.json().invoice_id;
    const change = { params: { micromarket_id: a }, token: other, body: { action: 'pause' as const } };
    expect((await callApi(ctx, api.subscription.change, change)).statusCode).toBe(404);
    expect(
      (await callApi(ctx, api.subscription.invoicePdf, { params: { id: invoiceId }, token: other })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.subscription.markInvoicePaid, { params: { id: invoiceId }, token: owner })).statusCode,
    ).toBe(403);
    const list = await callApi(ctx, api.subscription.payments, { token: other });
    expect(list.json().items).toEqual([]);
  });

  it('names the fields of a bad body', async () => {
    const { orgId, owner } = await httpWorld();
    // A method the contract does not name: sent raw, past the typed client.
    const bad = await call(ctx, 'POST', endpointPath(api.subscription.subscribe, { org_id: orgId }), {
      token: owner,
      payload: { micromarket_ids: [], method: 'cash' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['method', 'micromarket_ids']);
    const card = await callApi(ctx, api.subscription.saveCard, {
      params: { org_id: orgId },
      token: owner,
      body: { setup_id: '' },
    });
    expect(card.statusCode).toBe(400);
    expect(card.error().fields).toHaveProperty('setup_id');
  });

  it('by invoice: PDF, the platform marks it paid, the payment lists paid', async () => {
    const { orgId, a, owner } = await httpWorld();
    const payment = (
      await callApi(ctx, api.subscription.subscribe, {
        params: { org_id: orgId },
        token: owner,
        body: { micromarket_ids: [a], method: 'invoice' },
      })
    ).json();
    const pdf = await callApi(ctx, api.subscription.invoicePdf, { params: { id: payment.invoice_id }, token: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const staff = await createOrganisation(ctx.database.db);
    const admin = (await createSignedInUser(ctx.database.db, { orgId: staff, permissions: ['view_all_organizations'] }))
      .token;
    const paid = await callApi(ctx, api.subscription.markInvoicePaid, {
      params: { id: payment.invoice_id },
      token: admin,
    });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    const list = await callApi(ctx, api.subscription.payments, { token: owner, query: { status: '1', type: '0' } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ status: 1, type: 0, invoice_number: 'INV-2026-000001' }] });
    const devices = await callApi(ctx, api.subscription.devices, { params: { org_id: orgId }, token: owner });
    expect(devices.json().items.map((d) => d.status)).toEqual(['active', null]);
  });
});

describe('subscriptions: demo', () => {
  it('leaves every demo micromarket subscribed and not refused, seeding twice', async () => {
    const db = ctx.database.db;
    const orgIds = Object.values(ORG);
    const mm = await insertMicromarket(db, ORG.main, 'Demo sub');
    await db.update(organizations).set({ subscriptionPriceMinor: 10_000 }).where(eq(organizations.id, ORG.main));
    await seedSubscriptionsDemo(db, orgIds, clock.now());
    await seedSubscriptionsDemo(db, orgIds, clock.now());
    const all = await db.select({ id: micromarkets.id, orgId: micromarkets.orgId }).from(micromarkets);
    for (const row of all.filter((m) => (orgIds as number[]).includes(m.orgId))) {
      expect(await subscriptionRefusal(db, row.id, clock.now())).toBeNull();
    }
    expect(await subscriptionRefusal(db, mm, clock.now())).toBeNull();
    const unpaid = (await payments(ORG.main)).filter((p) => p.status === 0);
    expect(unpaid).toHaveLength(1);
  });
});
