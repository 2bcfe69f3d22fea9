import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRequest, callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { saveSubscriptionCard } from '../../../test/factories/payments.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { StripeCardStandIn, startAccounts } from '../../../test/stand-ins/stripe-card-stand-in.js';
import { StripeStandIn } from '../../../test/stand-ins/stripe-stand-in.js';
import {
  organizationCards,
  organizations,
  paymentTransactions,
  platformPaymentSettings,
} from '../../db/schema/index.js';
import { billOrganisation } from './index.js';

/**
 * Issue 24, whose account: subscription fees are the platform's income, so the subscription
 * card is saved in, and charged through, the platform's payment system (configured by the
 * platform admin), never the organisation's own Stripe account.
 */
const PLATFORM_KEY = 'sk_test_51PlatformAccount0123456';
const PLATFORM_PUBLISHABLE = 'pk_test_51PlatformAccount0123456';
const ORG_KEY = 'sk_test_51OperatorAccount0123456';
const platformStripe = new StripeStandIn(PLATFORM_KEY);
const platformCards = new StripeCardStandIn(platformStripe, 'acct_platform00001');
const orgStripe = new StripeStandIn(ORG_KEY);
new StripeCardStandIn(orgStripe, 'acct_operator00001');

let ctx: TestContext;
let accounts: Awaited<ReturnType<typeof startAccounts>>;
let platformAdmin: string;
beforeAll(async () => {
  accounts = await startAccounts({
    [PLATFORM_KEY]: await platformStripe.start(),
    [ORG_KEY]: await orgStripe.start(),
  });
  ctx = await createTestContext({ payments: { stripeBaseUrl: accounts.url } });
  const orgId = (await createTenant(ctx.database.db)).org.main;
  platformAdmin = (await createSignedInUser(ctx.database.db, { orgId, permissions: ['edit_platform_payment_system'] }))
    .token;
});
afterAll(async () => {
  await ctx.close();
  await accounts.stop();
  await platformStripe.stop();
  await orgStripe.stop();
});
afterEach(() => {
  expect(platformStripe.violations).toEqual([]);
  expect(orgStripe.violations).toEqual([]);
});

const db = () => ctx.database.db;
const MONTH = '2031-01-01';

const platformOn = (body: ApiRequest<typeof api.platformPayment.updateSettings>['body']) =>
  okApi(ctx, api.platformPayment.updateSettings, { token: platformAdmin, body });
const platformOnStripe = () =>
  platformOn({ provider: 'stripe', secret_key: PLATFORM_KEY, publishable_key: PLATFORM_PUBLISHABLE });

/** An organisation with its own Stripe account, a subscription price, a micromarket, and its subscription manager. */
async function operatorWithOwnStripe() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  await okApi(ctx, api.payment.updateSettings, {
    params: { org_id: orgId },
    token: await tenant.token('operator'),
    body: {
      provider: 'stripe',
      secret_key: ORG_KEY,
    },
  });
  await db().update(organizations).set({ subscriptionPriceMinor: 49_900 }).where(eq(organizations.id, orgId));
  const micromarketId = await insertMicromarket(db(), orgId, 'Subscribed');
  const manager = (await createSignedInUser(db(), { orgId, permissions: ['show_organization_subscribe'] })).token;
  return { orgId, micromarketId, manager };
}

describe('the subscription card is the platform’s', () => {
  it('an organisation with its own Stripe account saves its card and pays its fee through the platform’s', async () => {
    const settings = await platformOnStripe();
    expect(settings).toMatchObject({
      provider: 'stripe',
      secret_key: '••••3456',
      publishable_key: PLATFORM_PUBLISHABLE,
    });
    const { orgId, micromarketId, manager } = await operatorWithOwnStripe();
    const fromOrg = orgStripe.requests.length;

    const setup = await okApi(ctx, api.subscription.cardSetup, { params: { org_id: orgId }, token: manager });
    expect(setup).toMatchObject({ provider: 'stripe', publishable_key: PLATFORM_PUBLISHABLE });
    expect(platformCards.setups.get(setup.setup_id)?.metadata).toEqual({ vitrina_owner: `org:${orgId}` });
    platformCards.confirmSetup(setup.setup_id, 'pm_card_visa');
    const saved = await okApi(ctx, api.subscription.saveCard, {
      params: { org_id: orgId },
      token: manager,
      body: {
        setup_id: setup.setup_id,
      },
    });
    expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242', provider: 'stripe', needs_readding: false });
    const [card] = await db().select().from(organizationCards).where(eq(organizationCards.orgId, orgId));
    expect(card).toMatchObject({ providerAccount: 'acct_platform00001' });

    const first = await okApi(ctx, api.subscription.subscribe, {
      params: { org_id: orgId },
      token: manager,
      body: {
        micromarket_ids: [micromarketId],
        method: 'card',
      },
    });
    expect(first.status).toBe(1);
    const charged = platformStripe.allIntents().filter((intent) => intent.customer === card!.customerId);
    expect(charged).toMatchObject([{ amount: 49_900, payment_method: card!.paymentMethodId, status: 'succeeded' }]);
    // The operator's own account saw nothing of it: no customer, no setup, no payment.
    const toOrg = orgStripe.requests.slice(fromOrg).map((request) => `${request.method} ${request.path}`);
    expect(toOrg.filter((request) => !request.startsWith('GET /v1/account'))).toEqual([]);
    const [ledger] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.providerReference, charged[0]!.id));
    expect(ledger).toMatchObject({ orgId, throughPlatform: true, provider: 'stripe', status: 1 });
  });

  it('after the platform switches provider, the card needs adding again and is never sent to the new one', async () => {
    await platformOnStripe();
    const { orgId, micromarketId, manager } = await operatorWithOwnStripe();
    const setup = await okApi(ctx, api.subscription.cardSetup, { params: { org_id: orgId }, token: manager });
    platformCards.confirmSetup(setup.setup_id);
    await okApi(ctx, api.subscription.saveCard, {
      params: { org_id: orgId },
      token: manager,
      body: { setup_id: setup.setup_id },
    });
    await okApi(ctx, api.subscription.subscribe, {
      params: { org_id: orgId },
      token: manager,
      body: { micromarket_ids: [micromarketId], method: 'card' },
    });

    await platformOn({ provider: 'test' });
    const shown = await callApi(ctx, api.subscription.card, { params: { org_id: orgId }, token: manager });
    expect(shown.json().card).toMatchObject({ provider: 'stripe', needs_readding: true });
    const again = await callApi(ctx, api.subscription.subscribe, {
      params: { org_id: orgId },
      token: manager,
      body: { micromarket_ids: [micromarketId], method: 'card' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.error().message).toBe('This card was saved with another payment system; add it again');
    // The monthly billing does not send it either: not paid, and the test provider never asked.
    const calls = ctx.app.payments.testBank.calls.length;
    const payment = await billOrganisation(ctx.app.services, ctx.app.payments, orgId, MONTH);
    expect(payment).toMatchObject({ type: 1, status: 2 });
    expect(ctx.app.payments.testBank.calls.length).toBe(calls);

    // Added again with the platform's test provider, it is charged there.
    await saveSubscriptionCard(ctx, manager, orgId, 'pm_card_amex');
    const readded = await callApi(ctx, api.subscription.card, { params: { org_id: orgId }, token: manager });
    expect(readded.json().card).toMatchObject({ brand: 'amex', provider: 'test', needs_readding: false });
  });

  it('answers 404 for another organisation’s card and 409 while the platform has no payment system', async () => {
    await platformOn({ provider: 'test' });
    const { orgId } = await operatorWithOwnStripe();
    const stranger = await operatorWithOwnStripe();
    const asStranger = { params: { org_id: orgId }, token: stranger.manager };
    const theirCalls = {
      setup: await callApi(ctx, api.subscription.cardSetup, asStranger),
      save: await callApi(ctx, api.subscription.saveCard, { ...asStranger, body: { setup_id: 'seti_x' } }),
    };
    for (const [path, answer] of Object.entries(theirCalls)) expect(answer.statusCode, path).toBe(404);
    expect(
      (await callApi(ctx, api.subscription.card, { params: { org_id: orgId }, token: stranger.manager })).statusCode,
    ).toBe(404);
    // A setup of another organisation's card is not this one's to save.
    const theirs = await okApi(ctx, api.subscription.cardSetup, {
      params: { org_id: stranger.orgId },
      token: stranger.manager,
    });
    const own = (await createSignedInUser(db(), { orgId, permissions: ['show_organization_subscribe'] })).token;
    const taken = await callApi(ctx, api.subscription.saveCard, {
      params: { org_id: orgId },
      token: own,
      body: { setup_id: theirs.setup_id },
    });
    expect(taken.statusCode).toBe(404);

    await db().delete(platformPaymentSettings);
    const none = await callApi(ctx, api.subscription.cardSetup, { params: { org_id: orgId }, token: own, lang: 'pl' });
    expect(none.statusCode).toBe(409);
    expect(none.error().message).toBe(
      'System płatności platformy nie jest jeszcze skonfigurowany, więc nie można zapisać ani obciążyć kart do subskrypcji',
    );
    const test = await callApi(ctx, api.platformPayment.testConnection, { token: platformAdmin });
    expect(test.statusCode).toBe(409);
  });

  it('the platform’s settings are the platform admin’s alone, and never show a secret', async () => {
    await platformOnStripe();
    const operator = await (await createTenant(db())).token('operator');
    expect((await callApi(ctx, api.platformPayment.settings, { token: operator })).statusCode).toBe(403);
    const shown = await callApi(ctx, api.platformPayment.settings, { token: platformAdmin });
    expect(shown.json()).toMatchObject({ provider: 'stripe', secret_key: '••••3456' });
    expect(shown.body).not.toContain(PLATFORM_KEY);
    const tested = await okApi(ctx, api.platformPayment.testConnection, { token: platformAdmin });
    expect(tested).toEqual({ ok: true, message: null });
    const [row] = await db().select().from(platformPaymentSettings);
    expect(row).toMatchObject({ accountId: 'acct_platform00001' });
    expect(row!.credentialsSealed).not.toContain(PLATFORM_KEY);
  });
});
