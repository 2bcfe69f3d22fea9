import { api, type TSavedCard } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider, saveTestCard } from '../../../test/factories/payments.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSession } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { StripeCardStandIn, startAccounts } from '../../../test/stand-ins/stripe-card-stand-in.js';
import { StripeStandIn } from '../../../test/stand-ins/stripe-stand-in.js';
import { customerCards } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { registerCustomer } from '../auth/index.js';
import { activeCardOf } from '../sales/index.js';
import { REFUSAL_RULES } from '../sales-gate/index.js';
import { customerOpenRefusal } from '../sales-gate/sales-gate.service.js';
import { performPayment } from './index.js';

/**
 * Issue 24, saving a card: the customer app's cards through the organisation's provider (the
 * test provider's offline form, and Stripe against the stand-in, which checks every request
 * against Stripe's spec), and a card only ever charged through the provider and account that
 * saved it. Two Stripe accounts stand behind one address, told apart by their secret keys.
 */
export const ORG_KEY = 'sk_test_51CardsOrgAccount012345';
export const ORG_PUBLISHABLE = 'pk_test_51CardsOrgAccount012345';
export const OTHER_KEY = 'sk_test_51CardsOtherAccount01234';
const orgStripe = new StripeStandIn(ORG_KEY);
const orgCards = new StripeCardStandIn(orgStripe, 'acct_org0000000001');
const otherStripe = new StripeStandIn(OTHER_KEY);
new StripeCardStandIn(otherStripe, 'acct_other00000001');

let ctx: TestContext;
let accounts: Awaited<ReturnType<typeof startAccounts>>;
beforeAll(async () => {
  accounts = await startAccounts({ [ORG_KEY]: await orgStripe.start(), [OTHER_KEY]: await otherStripe.start() });
  ctx = await createTestContext({ payments: { stripeBaseUrl: accounts.url } });
});
afterAll(async () => {
  await ctx.close();
  await accounts.stop();
  await orgStripe.stop();
  await otherStripe.stop();
});
afterEach(() => {
  expect(orgStripe.violations).toEqual([]);
  expect(otherStripe.violations).toEqual([]);
});

const db = () => ctx.database.db;
let phoneSeq = 3_000_000 + Math.floor(Math.random() * 6_000_000);

/** A customer of the organisation with a customer app session. */
async function customerOf(orgId: number) {
  const made = await registerCustomer(db(), {
    orgId,
    name: uniqueName('Card holder'),
    email: `${uniqueName('card').replace(' ', '-')}@example.com`,
    phone: `+38063${String(++phoneSeq).padStart(7, '0')}`,
  });
  return { userId: made.id, token: await createSession(db(), made.id) };
}

const listOf = async (token: string) => (await okApi(ctx, api.card.appCards, { token })).items;

async function orgOnStripe(secretKey = ORG_KEY) {
  const tenant = await createTenant(db());
  const operator = await tenant.token('operator');
  const orgId = tenant.org.main;
  const useStripe = (key: string) =>
    okApi(ctx, api.payment.updateSettings, {
      params: { org_id: orgId },
      token: operator,
      body: { provider: 'stripe', secret_key: key, publishable_key: ORG_PUBLISHABLE },
    });
  const useTest = () =>
    okApi(ctx, api.payment.updateSettings, { params: { org_id: orgId }, token: operator, body: { provider: 'test' } });
  await useStripe(secretKey);
  return { orgId, useStripe, useTest };
}

/** A Stripe card saved as the app does: setup, Stripe.js confirms it at Stripe, save. */
async function saveStripeCard(token: string) {
  const setup = await okApi(ctx, api.card.appSetup, { token });
  orgCards.confirmSetup(setup.setup_id, 'pm_card_visa');
  return okApi(ctx, api.card.appSave, { token, body: { setup_id: setup.setup_id } });
}

describe('customer app cards with the test provider', () => {
  it('saves the card the offline form confirmed; a repeat answers the same card; sales charge it', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const customer = await customerOf(orgId);
    const setup = await okApi(ctx, api.card.appSetup, { token: customer.token });
    expect(setup).toMatchObject({ provider: 'test', publishable_key: null });
    expect(setup.setup_id).toMatch(/^seti_test_/);
    const early = await callApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    expect(early.statusCode).toBe(409);
    expect(early.error().message).toBe('The card has not been confirmed yet; finish the card form first');

    await okApi(ctx, api.card.confirmTestSetup, {
      token: customer.token,
      body: { client_secret: setup.client_secret, payment_method: 'pm_card_mastercard' },
    });
    const card = await okApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 12, provider: 'test' });
    expect(card.needs_readding).toBe(false);
    const again = await okApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    expect(again.id).toBe(card.id);
    expect((await listOf(customer.token)).map((item) => item.id)).toEqual([card.id]);
    const charged = await activeCardOf(db(), customer.userId);
    expect(charged).toMatchObject({ id: card.id, provider: 'test' });
    expect(charged!.paymentMethod).toMatch(/^pm_test_/);
  });

  it('keeps setups and cards to their customer: another’s answers 404', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const [alice, bob] = [await customerOf(orgId), await customerOf(orgId)];
    const card = (await saveTestCard(ctx, alice.token, {
      setup: api.card.appSetup.path,
      save: api.card.appSave.path,
    })) as TSavedCard;
    const setup = await okApi(ctx, api.card.appSetup, { token: alice.token });
    await okApi(ctx, api.card.confirmTestSetup, {
      token: alice.token,
      body: { client_secret: setup.client_secret, payment_method: 'pm_card_visa' },
    });
    const stolen = await callApi(ctx, api.card.appSave, { token: bob.token, body: { setup_id: setup.setup_id } });
    expect(stolen.statusCode).toBe(404);
    const unknown = await callApi(ctx, api.card.appSave, { token: bob.token, body: { setup_id: 'seti_test_nope' } });
    expect(unknown.statusCode).toBe(404);
    const removeOther = await callApi(ctx, api.card.appRemove, { params: { id: card.id }, token: bob.token });
    expect(removeOther.statusCode).toBe(404);
    const badSecret = await callApi(ctx, api.card.confirmTestSetup, {
      body: { client_secret: 'seti_x_secret_y', payment_method: 'pm_card_visa' },
    });
    expect(badSecret.statusCode).toBe(404);
    // A card the test provider does not know: not one the contract allows.
    const badCard = await call(ctx, 'POST', '/v1/payment/test/card/confirm', {
      payload: { client_secret: setup.client_secret, payment_method: 'pm_card_unknown' },
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json<ApiErrorBody>().fields).toHaveProperty('payment_method');

    await okApi(ctx, api.card.appRemove, { params: { id: card.id }, token: alice.token });
    expect(await listOf(alice.token)).toEqual([]);
    expect(await activeCardOf(db(), alice.userId)).toBeNull();
  });

  it('refuses to start a setup without a payment system (409)', async () => {
    const tenant = await createTenant(db());
    const customer = await customerOf(tenant.org.main);
    const answer = await callApi(ctx, api.card.appSetup, { token: customer.token });
    expect(answer.statusCode).toBe(409);
    expect(answer.error().message).toBe('No payment system is set up for this organization');
  });
});

describe('customer app cards with Stripe', () => {
  it('makes one Customer, card-only off-session SetupIntents, and reads the card Stripe.js confirmed', async () => {
    const { orgId } = await orgOnStripe();
    const customer = await customerOf(orgId);
    const from = orgStripe.requests.length;
    const setup = await okApi(ctx, api.card.appSetup, { token: customer.token });
    expect(setup).toMatchObject({ provider: 'stripe', publishable_key: ORG_PUBLISHABLE });
    expect(setup.client_secret).toMatch(new RegExp(`^${setup.setup_id}_secret_`));
    const made = orgStripe.requests.slice(from);
    const createCustomer = made.find((request) => request.path === '/v1/customers');
    expect(createCustomer?.form).toMatchObject({ 'metadata[vitrina_owner]': `user:${customer.userId}` });
    const stripeCustomer = [...orgCards.customers.keys()].at(-1);
    expect(made.find((request) => request.path === '/v1/setup_intents')?.form).toEqual({
      customer: stripeCustomer,
      usage: 'off_session',
      'payment_method_types[0]': 'card',
      'metadata[vitrina_owner]': `user:${customer.userId}`,
    });

    orgCards.confirmSetup(setup.setup_id, 'pm_card_visa');
    const card = await okApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, provider: 'stripe' });
    expect(card.needs_readding).toBe(false);
    const [row] = await db().select().from(customerCards).where(eq(customerCards.id, card.id));
    expect(row).toMatchObject({ providerAccount: 'acct_org0000000001', providerCustomer: stripeCustomer });

    // The second card hangs on the same Stripe customer.
    const before = orgStripe.requests.length;
    await saveStripeCard(customer.token);
    expect(orgStripe.requests.slice(before).filter((request) => request.path === '/v1/customers')).toEqual([]);
    expect(await listOf(customer.token)).toHaveLength(2);

    await okApi(ctx, api.card.appRemove, { params: { id: card.id }, token: customer.token });
    expect(orgStripe.requests.at(-1)?.path).toBe(`/v1/payment_methods/${row!.paymentMethod}/detach`);
    expect(orgCards.methods.get(row!.paymentMethod)?.customer).toBeNull();
  });

  it('a customer deleted at Stripe is replaced: the next setup makes a new Customer and the card is saved on it', async () => {
    const { orgId } = await orgOnStripe();
    const customer = await customerOf(orgId);
    const first = await saveStripeCard(customer.token);
    const [old] = await db().select().from(customerCards).where(eq(customerCards.id, first.id));
    orgCards.deleteCustomer(old!.providerCustomer);

    const from = orgStripe.requests.length;
    const setup = await okApi(ctx, api.card.appSetup, { token: customer.token });
    const made = orgStripe.requests.slice(from).map((request) => [request.path, request.form.customer]);
    const replacement = [...orgCards.customers.keys()].at(-1)!;
    expect(replacement).not.toBe(old!.providerCustomer);
    expect(made).toEqual([
      ['/v1/setup_intents', old!.providerCustomer],
      ['/v1/customers', undefined],
      ['/v1/setup_intents', replacement],
    ]);
    orgCards.confirmSetup(setup.setup_id, 'pm_card_mastercard');
    const card = await okApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    const [row] = await db().select().from(customerCards).where(eq(customerCards.id, card.id));
    expect(row).toMatchObject({ providerCustomer: replacement, active: true, last4: '4444' });
    // The card saved on the deleted customer went with it: the app lists, and sales charge, the new one only.
    expect((await listOf(customer.token)).map((item) => item.id)).toEqual([card.id]);
    expect(await activeCardOf(db(), customer.userId)).toMatchObject({ id: card.id });

    // The next card hangs on the new customer, made once.
    const before = orgStripe.requests.length;
    await saveStripeCard(customer.token);
    expect(orgStripe.requests.slice(before).filter((request) => request.path === '/v1/customers')).toEqual([]);
  });

  it('does not save a card the bank refused in the Payment Element', async () => {
    const { orgId } = await orgOnStripe();
    const customer = await customerOf(orgId);
    const setup = await okApi(ctx, api.card.appSetup, { token: customer.token });
    orgCards.declineSetup(setup.setup_id);
    const answer = await callApi(ctx, api.card.appSave, { token: customer.token, body: { setup_id: setup.setup_id } });
    expect(answer.statusCode).toBe(409);
    expect(answer.error().message).toBe('The payment was declined: Your card was declined.');
    expect(await listOf(customer.token)).toEqual([]);
  });
});

describe('a card goes only to the provider and account that saved it', () => {
  it('after a switch, old cards need adding again, sales and the gate see no card, a charge is refused unsent', async () => {
    const { orgId, useStripe, useTest } = await orgOnStripe();
    const micromarketId = await insertMicromarket(db(), orgId, 'Card gate', { settings: { payment_rfid: true } });
    const customer = await customerOf(orgId);
    const card = await saveStripeCard(customer.token);
    const gate = () =>
      customerOpenRefusal(db(), {
        micromarketId,
        customerId: customer.userId,
        now: new Date(),
        rules: REFUSAL_RULES.filter((rule) => rule.key === 'payment.refusal.no_payment_settings'),
      });
    expect(await gate()).toBeNull();

    await useTest();
    expect((await listOf(customer.token))[0]).toMatchObject({ id: card.id, needs_readding: true });
    expect(await activeCardOf(db(), customer.userId)).toBeNull();
    expect(await gate()).toBe('payment.refusal.no_payment_settings');
    const [row] = await db().select().from(customerCards).where(eq(customerCards.id, card.id));
    const key = `card-test:${card.id}:charge`;
    const charge = performPayment(ctx.app.services, ctx.app.payments, {
      orgId,
      idempotencyKey: key,
      card: row!,
      request: {
        operation: 'charge',
        amountMinor: 5_000,
        currency: 'UAH',
        paymentMethod: row!.paymentMethod,
        customer: row!.providerCustomer,
      },
    });
    await expect(charge).rejects.toSatisfy((error) => error instanceof AppError && error.key === 'card.other_provider');
    expect(ctx.app.payments.testBank.calls.filter((entry) => entry.idempotencyKey === key)).toEqual([]);

    // Back to the same Stripe account: the account is asked once, and the card is good again.
    await useStripe(ORG_KEY);
    expect((await listOf(customer.token))[0]).toMatchObject({ id: card.id, needs_readding: false });
    expect(await activeCardOf(db(), customer.userId)).toMatchObject({ id: card.id });
    // Another Stripe account (a key of another account): the card is not that account's.
    await useStripe(OTHER_KEY);
    expect((await listOf(customer.token))[0]).toMatchObject({ id: card.id, needs_readding: true });
    expect(await gate()).toBe('payment.refusal.no_payment_settings');
  });
});
