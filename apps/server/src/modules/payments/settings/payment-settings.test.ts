import { api, PERMISSION_NAMES, type TUpdatePaymentSettings } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, callApi, okApi } from '../../../../test/api-client.js';
import { createOrganisation } from '../../../../test/factories/organisations.js';
import { createTenant, type Tenant } from '../../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../../test/helper.js';
import { StripeStandIn } from '../../../../test/stand-ins/stripe-stand-in.js';
import { auditLog, paymentSettings } from '../../../db/schema/index.js';

const STRIPE_KEY = 'sk_test_51SettingsKey0123456789';
const standIn = new StripeStandIn(STRIPE_KEY);
let ctx: TestContext;
beforeAll(async () => {
  const stripeBaseUrl = await standIn.start();
  ctx = await createTestContext({ payments: { stripeBaseUrl } });
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});

const settingsOf = (orgId: number, as: { token?: string } = {}) =>
  callApi(ctx, api.payment.settings, { params: { org_id: orgId }, ...as });
const update = (orgId: number, body: TUpdatePaymentSettings, as: { token?: string; lang?: string } = {}) =>
  callApi(ctx, api.payment.updateSettings, { params: { org_id: orgId }, body, ...as });
/** An update that must succeed: the settings as the answer shows them. */
const updated = (orgId: number, body: TUpdatePaymentSettings, as: { token: string }) =>
  okApi(ctx, api.payment.updateSettings, { params: { org_id: orgId }, body, ...as });
const testOf = (orgId: number, as: { token?: string; lang?: string } = {}) =>
  callApi(ctx, api.payment.testConnection, { params: { org_id: orgId }, ...as });

async function world(): Promise<{ tenant: Tenant; operator: string }> {
  const tenant = await createTenant(ctx.database.db);
  return { tenant, operator: await tenant.token('operator') };
}

describe('payment system settings: access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    const { tenant } = await world();
    const org = tenant.org.main;
    expect((await settingsOf(org)).statusCode).toBe(401);
    expect((await update(org, { provider: 'test' })).statusCode).toBe(401);
    expect((await testOf(org)).statusCode).toBe(401);
    const courier = await tenant.token('courier');
    expect((await settingsOf(org, { token: courier })).statusCode).toBe(403);
    const refused = await update(org, { provider: 'test' }, { token: courier });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 for an organisation the caller cannot see, 403 for a view-only one', async () => {
    const { tenant, operator } = await world();
    const editor = await tenant.token('editor');
    expect((await settingsOf(tenant.org.main, { token: editor })).statusCode).toBe(404);
    const write = await update(tenant.org.main, { provider: 'test' }, { token: editor });
    expect(write.statusCode).toBe(404);
    expect((await testOf(tenant.org.main, { token: editor })).statusCode).toBe(404);
    expect((await settingsOf(tenant.org.kyiv, { token: operator })).statusCode).toBe(200);
    const viewOnly = await update(tenant.org.kyiv, { provider: 'test' }, { token: operator });
    expect(viewOnly.statusCode).toBe(403);
    // A platform user, who sees every organisation: one that does not exist is still 404.
    const db = ctx.database.db;
    const admin = (await createSignedInUser(db, { orgId: await createOrganisation(db), permissions: PERMISSION_NAMES }))
      .token;
    expect((await settingsOf(2_000_000_000, { token: admin })).statusCode).toBe(404);
  });
});

describe('payment system settings: credentials', () => {
  it('starts empty with the webhook address of each provider', async () => {
    const { tenant, operator } = await world();
    const response = await settingsOf(tenant.org.main, { token: operator });
    expect(response.json()).toEqual({
      org_id: tenant.org.main,
      provider: null,
      secret_key: null,
      publishable_key: null,
      webhook_secret: null,
      simulate: 'none',
      webhook_urls: {
        test: `http://panel.test/v1/payment/webhook/${tenant.org.main}/test`,
        stripe: `http://panel.test/v1/payment/webhook/${tenant.org.main}/stripe`,
      },
      updated_at: null,
    });
  });

  it('stores Stripe credentials sealed and shows them masked; an empty field keeps the stored one', async () => {
    const { tenant, operator } = await world();
    const org = tenant.org.krakow;
    const saved = await updated(
      org,
      { provider: 'stripe', secret_key: STRIPE_KEY, webhook_secret: 'whsec_settings0123456789' },
      { token: operator },
    );
    expect(saved).toMatchObject({ provider: 'stripe', secret_key: '••••6789', webhook_secret: '••••6789' });
    const [row] = await ctx.database.db.select().from(paymentSettings).where(eq(paymentSettings.orgId, org));
    expect(row?.credentialsSealed).toMatch(/^v1\./);
    expect(row?.credentialsSealed).not.toContain('sk_test');
    const kept = await updated(org, { provider: 'stripe', secret_key: '', webhook_secret: '' }, { token: operator });
    expect(kept).toMatchObject({ secret_key: '••••6789', webhook_secret: '••••6789' });
    // The publishable key is Stripe.js's, public by design: stored with the others, shown in full.
    const publishable = 'pk_test_51SettingsKey0123456789';
    const withPublishable = await updated(
      org,
      { provider: 'stripe', publishable_key: publishable },
      { token: operator },
    );
    expect(withPublishable).toMatchObject({ secret_key: '••••6789', publishable_key: publishable });
    const wrong = await update(org, { provider: 'stripe', publishable_key: STRIPE_KEY }, { token: operator });
    expect(wrong.error().fields).toEqual({ publishable_key: 'Enter a Stripe publishable key (pk_test_…, pk_live_…)' });
    expect((await testOf(org, { token: operator })).json()).toEqual({ ok: true, message: null });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_settings'));
    expect(JSON.stringify(audit)).not.toContain('sk_test');
  });

  it('switching to the test provider drops the Stripe key and generates a webhook secret', async () => {
    const { tenant, operator } = await world();
    const org = tenant.org.main;
    await updated(org, { provider: 'stripe', secret_key: STRIPE_KEY }, { token: operator });
    const test = await updated(org, { provider: 'test', simulate: 'decline' }, { token: operator });
    expect(test).toMatchObject({ provider: 'test', secret_key: null, simulate: 'decline' });
    expect(test.webhook_secret).toMatch(/^••••.{4}$/);
  });

  it('refuses malformed keys and a Stripe choice without a key, naming the field in the caller’s language', async () => {
    const { tenant, operator } = await world();
    const org = tenant.org.main;
    const badKey = await update(
      org,
      { provider: 'stripe', secret_key: 'pk_test_publishable123456' },
      { token: operator },
    );
    expect(badKey.statusCode).toBe(400);
    expect(badKey.error().fields).toEqual({
      secret_key: 'Enter a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)',
    });
    const badSecret = await update(org, { provider: 'test', webhook_secret: 'nope' }, { token: operator, lang: 'ua' });
    expect(badSecret.error().fields).toEqual({ webhook_secret: 'Введіть секрет підпису вебхука (whsec_…)' });
    const noKey = await update(org, { provider: 'stripe' }, { token: operator });
    expect([noKey.statusCode, noKey.error().fields]).toEqual([400, { secret_key: 'This field is required' }]);
    // A provider the contract does not name: sent as is.
    const noProvider = await call(ctx, 'POST', `/v1/organization/payment/system/update/${org}`, {
      token: operator,
      payload: { provider: 'paypal' },
    });
    expect(Object.keys(noProvider.json<ApiErrorBody>().fields!)).toEqual(['provider']);
  });
});

describe('payment system settings: test connection', () => {
  it('answers 409 before a provider is chosen', async () => {
    const { tenant, operator } = await world();
    expect((await testOf(tenant.org.main, { token: operator })).statusCode).toBe(409);
  });

  it('reports the provider’s refusal as data, in the caller’s language', async () => {
    const { tenant, operator } = await world();
    const org = tenant.org.main;
    await updated(org, { provider: 'test' }, { token: operator });
    expect((await testOf(org, { token: operator })).json()).toEqual({ ok: true, message: null });
    await updated(org, { provider: 'test', simulate: 'timeout' }, { token: operator });
    const timeout = await testOf(org, { token: operator, lang: 'pl' });
    expect(timeout.json()).toEqual({
      ok: false,
      message: 'Dostawca płatności nie odpowiedział na czas; spróbuj później',
    });
    await updated(org, { provider: 'stripe', secret_key: 'sk_test_51WrongKey000000000' }, { token: operator });
    const wrong = await testOf(org, { token: operator });
    expect(wrong.json()).toEqual({
      ok: false,
      message: 'The payment provider refused the credentials: Invalid API Key provided',
    });
  });
});

describe('payment system settings: kept in memory', () => {
  it('a payment reads the settings from memory, and a change written anywhere reaches it at commit', async () => {
    const { tenant, operator } = await world();
    const org = tenant.org.main;
    await updated(org, { provider: 'test' }, { token: operator });
    const first = await ctx.app.payments.forOrg(ctx.database.db, org);
    expect(first?.row.simulate).toBe('none');
    // Served from memory: the same row, its provider built once.
    expect(await ctx.app.payments.forOrg(ctx.database.db, org)).toEqual(first);
    expect((await ctx.app.payments.forOrg(ctx.database.db, org))?.provider).toBe(first?.provider);
    // Not through the service (psql, another instance): the table's trigger announces it.
    await ctx.database.db.update(paymentSettings).set({ simulate: 'decline' }).where(eq(paymentSettings.orgId, org));
    await expect.poll(async () => (await ctx.app.payments.forOrg(ctx.database.db, org))?.row.simulate).toBe('decline');
  });
});
