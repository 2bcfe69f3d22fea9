import type { PaymentOperation, TCardSetup, TestPaymentMethod } from '@vitrina/contract';
import * as repo from '../../src/modules/payments/payments.repository.js';
import { ok, type TestContext } from '../helper.js';
import { createTenant } from './tenant.js';
import { createSignedInUser } from './users.js';

/** A fresh tenant whose main organisation pays through the test provider, pretending `simulate`. */
export async function orgOnTestProvider(ctx: TestContext, simulate = 'none') {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const orgId = tenant.org.main;
  const setSimulation = (value: string) =>
    ok(ctx, operator, `/v1/organization/payment/system/update/${orgId}`, { provider: 'test', simulate: value });
  await setSimulation(simulate);
  return { orgId, setSimulation, operator };
}

/** The ledger row a server killed between its write and the provider's answer leaves behind. */
export function rowLeftInProcess(
  ctx: TestContext,
  values: {
    orgId: number;
    operation: PaymentOperation;
    amountMinor: number;
    idempotencyKey: string;
    now: Date;
    parentId?: number;
    providerReference?: string | null;
    request?: Record<string, unknown>;
  },
) {
  return repo.insertInProcess(ctx.database.db, {
    type: values.operation === 'refund' ? 2 : 1,
    provider: 'test',
    currency: 'UAH',
    parentId: values.parentId ?? null,
    providerReference: values.providerReference ?? null,
    request: values.request ?? {},
    ...values,
  });
}

/**
 * The platform's payment system (subscription fees) on the test provider, pretending
 * `simulate`; set by a user holding only `edit_platform_payment_system`, as the platform admin.
 */
export async function platformOnTestProvider(ctx: TestContext, simulate = 'none') {
  const orgId = (await createTenant(ctx.database.db)).org.main;
  const { token } = await createSignedInUser(ctx.database.db, { orgId, permissions: ['edit_platform_payment_system'] });
  const setSimulation = (value: string) =>
    ok(ctx, token, '/v1/platform/payment/system/update', { provider: 'test', simulate: value });
  await setSimulation(simulate);
  return { setSimulation, token };
}

/**
 * Saves a card the way the pages do with the test provider: a setup, the offline form's
 * confirmation with a test card (what Stripe.js does with a real one), then the save.
 */
export async function saveTestCard(
  ctx: TestContext,
  token: string,
  urls: { setup: string; save: string },
  testCard: TestPaymentMethod = 'pm_card_visa',
) {
  const setup = await ok<TCardSetup>(ctx, token, urls.setup, {});
  await ok(ctx, token, '/v1/payment/test/card/confirm', {
    client_secret: setup.client_secret,
    payment_method: testCard,
  });
  return ok(ctx, token, urls.save, { setup_id: setup.setup_id });
}

/** The subscription card saved through the platform's test provider. */
export function saveSubscriptionCard(ctx: TestContext, token: string, orgId: number, testCard?: TestPaymentMethod) {
  return saveTestCard(
    ctx,
    token,
    {
      setup: `/v1/organization/subscription/card/setup/${orgId}`,
      save: `/v1/organization/subscription/card/save/${orgId}`,
    },
    testCard,
  );
}
