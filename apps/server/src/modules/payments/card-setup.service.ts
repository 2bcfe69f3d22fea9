import { randomUUID } from 'node:crypto';
import type { MessageKey, PaymentProviderKind, TCardSetup } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCustomers } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { ProviderCard } from './card-provider.js';
import { type PaymentProvider, PaymentProviderError } from './provider.js';
import { accountOf, type SettingsScope } from './provider-account.js';
import type { PaymentProviders } from './provider-registry.js';
import { openPlatformCredentials, platformProvider } from './settings/platform-settings.service.js';

/**
 * Who a card is saved for, as kept on the provider's objects (`metadata[vitrina_owner]`):
 * `user:<id>`, `org:<id>` or `link:<digest>`. An owner with a customer gets one at the provider
 * (reused for each card); a link's guest card is saved without one, for its one purchase.
 */
export type CardOwner = { orgId: number; ref: string; description: string; hasCustomer: boolean };

/** A scope's provider, ready to save cards: its kind, the account and Stripe's publishable key. */
export type CardProvider = {
  provider: PaymentProvider;
  kind: PaymentProviderKind;
  account: string;
  publishableKey: string | null;
};

/** What a confirmed setup saved, with where it was saved. */
export type FinishedSetup = { kind: PaymentProviderKind; account: string; customer: string | null; card: ProviderCard };

const NOT_CONFIGURED: Record<SettingsScope['kind'], MessageKey> = {
  org: 'payment.not_configured',
  platform: 'subscription.platform_not_configured',
};

/** A provider's refusal as the caller's answer (409, the provider's own words in it). */
export function providerRefusal(error: PaymentProviderError): AppError {
  const keys: Record<PaymentProviderError['kind'], MessageKey> = {
    declined: 'payment.declined',
    unavailable: 'payment.unavailable',
    credentials: 'payment.credentials_refused',
    refused: 'payment.provider_refused',
    bad_signature: 'payment.provider_refused',
  };
  return new AppError(409, keys[error.kind], { reason: error.reason });
}

async function asking<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof PaymentProviderError ? providerRefusal(error) : error;
  }
}

/** The provider a scope saves and charges cards with; 409 when the scope has none. */
export async function cardProviderOf(
  ctx: ServiceContext,
  providers: PaymentProviders,
  scope: SettingsScope,
): Promise<CardProvider> {
  if (scope.kind === 'platform') {
    const found = await platformProvider(ctx, providers);
    if (!found) throw conflict(NOT_CONFIGURED.platform);
    const account = await asking(() => accountOf(ctx.db, providers, scope, found));
    const publishableKey = openPlatformCredentials(ctx.secrets, found.row).publishable_key ?? null;
    return { provider: found.provider, kind: found.row.provider, account, publishableKey };
  }
  const found = await providers.forOrg(ctx.db, scope.orgId);
  if (!found) throw conflict(NOT_CONFIGURED.org);
  const account = await asking(() => accountOf(ctx.db, providers, scope, found));
  const publishableKey = providers.openCredentials(found.row).publishable_key ?? null;
  return { provider: found.provider, kind: found.row.provider, account, publishableKey };
}

async function findCustomer(db: Db, owner: string, kind: string, account: string): Promise<string | null> {
  const [row] = await db
    .select({ customer: paymentCustomers.customer })
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.owner, owner),
        eq(paymentCustomers.provider, kind),
        eq(paymentCustomers.account, account),
      ),
    );
  return row?.customer ?? null;
}

/**
 * The owner's customer in this provider account, made the first time. The key names the owner
 * and account, so two first setups at once make one customer at the provider; the unique row
 * keeps one here.
 */
async function ensureCustomer(ctx: ServiceContext, target: CardProvider, owner: CardOwner): Promise<string> {
  const known = await findCustomer(ctx.db, owner.ref, target.kind, target.account);
  if (known) return known;
  const { customer } = await asking(() =>
    target.provider.createCustomer({
      idempotencyKey: `customer:${owner.ref}:${target.kind}:${target.account}`,
      description: owner.description,
      metadata: { vitrina_owner: owner.ref },
    }),
  );
  await ctx.db
    .insert(paymentCustomers)
    .values({
      orgId: owner.orgId,
      owner: owner.ref,
      provider: target.kind,
      account: target.account,
      customer,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
  return (await findCustomer(ctx.db, owner.ref, target.kind, target.account)) ?? customer;
}

/**
 * Called when the provider no longer has the owner's customer (deleted there), in the database
 * transaction that replaces it: the owner's cards saved on it can no longer be charged.
 */
export type CustomerGone = (
  tx: Db,
  gone: { kind: PaymentProviderKind; account: string; customer: string },
) => Promise<void>;

/** The provider says the customer a request named does not exist (Stripe: deleted, `resource_missing` on `customer`). */
const isCustomerMissing = (error: unknown) =>
  error instanceof PaymentProviderError && error.code === 'resource_missing' && error.param === 'customer';

/**
 * A new customer in place of one the provider no longer has. Its key names the one it replaces
 * (the first key would replay the deleted customer), so two setups that found it gone at once
 * make one; the row is swapped only from the gone customer, so the second keeps the first's.
 */
async function replaceCustomer(
  ctx: ServiceContext,
  target: CardProvider,
  owner: CardOwner,
  gone: { customer: string; onGone: CustomerGone | undefined },
): Promise<string> {
  const { customer } = await asking(() =>
    target.provider.createCustomer({
      idempotencyKey: `customer:${owner.ref}:${target.kind}:${target.account}:after:${gone.customer}`,
      description: owner.description,
      metadata: { vitrina_owner: owner.ref },
    }),
  );
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentCustomers)
      .set({ customer, createdAt: ctx.clock.now() })
      .where(
        and(
          eq(paymentCustomers.owner, owner.ref),
          eq(paymentCustomers.provider, target.kind),
          eq(paymentCustomers.account, target.account),
          eq(paymentCustomers.customer, gone.customer),
        ),
      );
    await gone.onGone?.(tx, { kind: target.kind, account: target.account, customer: gone.customer });
  });
  return (await findCustomer(ctx.db, owner.ref, target.kind, target.account)) ?? customer;
}

/**
 * Starts saving a card: a SetupIntent for the page to confirm (Stripe.js, or the test provider's
 * form). A customer deleted at the provider is replaced by a new one, and the setup made for it.
 */
export async function startCardSetup(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: { scope: SettingsScope; owner: CardOwner; onCustomerGone?: CustomerGone },
): Promise<TCardSetup> {
  const target = await cardProviderOf(ctx, providers, options.scope);
  const createSetup = (customer: string | undefined) =>
    target.provider.createCardSetup({
      // Each click is a new setup: nothing is charged, and an abandoned one lapses at the provider.
      idempotencyKey: `setup:${options.owner.ref}:${randomUUID()}`,
      customer,
      metadata: { vitrina_owner: options.owner.ref },
    });
  const customer = options.owner.hasCustomer ? await ensureCustomer(ctx, target, options.owner) : undefined;
  const setup = await asking(async () => {
    try {
      return await createSetup(customer);
    } catch (error) {
      if (customer === undefined || !isCustomerMissing(error)) throw error;
      const gone = { customer, onGone: options.onCustomerGone };
      return createSetup(await replaceCustomer(ctx, target, options.owner, gone));
    }
  });
  return {
    provider: target.kind,
    setup_id: setup.reference,
    client_secret: setup.clientSecret,
    publishable_key: target.kind === 'stripe' ? target.publishableKey : null,
  };
}

/**
 * Reads a setup the page says it confirmed and answers its card. A setup of another owner (or
 * another customer, or unknown to the provider) is 404, as anything not the caller's; one not
 * confirmed yet is 409, one the bank refused is the provider's decline.
 */
export async function finishCardSetup(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: { scope: SettingsScope; owner: CardOwner; setupId: string },
): Promise<FinishedSetup> {
  const target = await cardProviderOf(ctx, providers, options.scope);
  let state: Awaited<ReturnType<PaymentProvider['readCardSetup']>>;
  try {
    state = await target.provider.readCardSetup(options.setupId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'resource_missing') throw notFound();
    throw error instanceof PaymentProviderError ? providerRefusal(error) : error;
  }
  if (state.metadata.vitrina_owner !== options.owner.ref) throw notFound();
  if (options.owner.hasCustomer) {
    const customer = await findCustomer(ctx.db, options.owner.ref, target.kind, target.account);
    if (customer === null || state.customer !== customer) throw notFound();
  }
  if (state.status === 'failed') {
    throw new AppError(409, 'payment.declined', { reason: state.failureReason ?? 'card_declined' });
  }
  if (state.status !== 'succeeded' || !state.card) throw conflict('card.setup_incomplete');
  return { kind: target.kind, account: target.account, customer: state.customer, card: state.card };
}

/** Lets go of a saved card at its provider, when that is still the scope's provider and account. */
export async function detachSavedCard(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: { scope: SettingsScope; card: { provider: string; providerAccount: string | null; paymentMethod: string } },
): Promise<void> {
  let target: CardProvider;
  try {
    target = await cardProviderOf(ctx, providers, options.scope);
  } catch {
    // No payment system any more: there is nothing to tell, the card goes here all the same.
    return;
  }
  const { card } = options;
  if (card.provider !== target.kind || (target.kind !== 'test' && card.providerAccount !== target.account)) return;
  try {
    await target.provider.detachCard({
      idempotencyKey: `detach:${card.paymentMethod}`,
      paymentMethod: card.paymentMethod,
    });
  } catch (error) {
    // The provider may have let it go already; the card is removed here either way.
    if (!(error instanceof PaymentProviderError)) throw error;
  }
}
