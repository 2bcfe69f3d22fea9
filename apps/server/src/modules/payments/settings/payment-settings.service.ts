import {
  type Locale,
  type MessageKey,
  PAYMENT_PROVIDERS,
  type TPaymentConnectionResult,
  type TPaymentSettings,
  translate,
  type ZUpdatePaymentSettings,
} from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { organizations } from '../../../db/schema/index.js';
import type { UserActor } from '../../../lib/actor.js';
import type { ServiceContext } from '../../../lib/context.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { maskSecret } from '../../../lib/secrets.js';
import { writeAudit } from '../../audit/index.js';
import * as repo from '../payments.repository.js';
import { type PaymentProvider, PaymentProviderError } from '../provider.js';
import { learnAccount } from '../provider-account.js';
import type { PaymentProviders, StoredCredentials } from '../provider-registry.js';
import { newWebhookSecret } from '../webhooks/webhook-signature.js';

type UpdateBody = z.output<typeof ZUpdatePaymentSettings>;

/** The public address each provider posts its events to, per organisation. */
export function webhookUrlOf(publicUrl: string, orgId: number, provider: string): string {
  return `${publicUrl}/v1/payment/webhook/${orgId}/${provider}`;
}

/** The public address each provider posts the platform account's events to (subscription fees). */
export function platformWebhookUrlOf(publicUrl: string, provider: string): string {
  return `${publicUrl}/v1/platform/payment/webhook/${provider}`;
}

/** 404 for an organisation id that names no organisation (the scope checks visibility, not existence). */
export async function assertOrganisationExists(ctx: ServiceContext, orgId: number): Promise<void> {
  const [row] = await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!row) throw notFound();
}

function present(
  ctx: ServiceContext,
  providers: PaymentProviders,
  orgId: number,
  row: repo.PaymentSettingsRow | null,
): TPaymentSettings {
  const credentials = row ? providers.openCredentials(row) : {};
  return {
    org_id: orgId,
    provider: row?.provider ?? null,
    secret_key: credentials.secret_key ? maskSecret(credentials.secret_key) : null,
    publishable_key: credentials.publishable_key ?? null,
    webhook_secret: credentials.webhook_secret ? maskSecret(credentials.webhook_secret) : null,
    simulate: (row?.simulate as TPaymentSettings['simulate'] | undefined) ?? 'none',
    webhook_urls: Object.fromEntries(
      PAYMENT_PROVIDERS.map((provider) => [provider, webhookUrlOf(ctx.publicUrl, orgId, provider)]),
    ) as TPaymentSettings['webhook_urls'],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getPaymentSettings(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
): Promise<TPaymentSettings> {
  actor.scope.assertVisible(orgId);
  await assertOrganisationExists(ctx, orgId);
  return present(ctx, providers, orgId, await repo.findSettings(ctx.db, orgId));
}

/**
 * Chooses the provider and stores its credentials sealed. An empty credential keeps the
 * stored one of the same provider; switching provider drops the other's. The test provider
 * gets a generated webhook secret, Stripe needs its secret key.
 */
export async function updatePaymentSettings(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
  body: UpdateBody,
): Promise<TPaymentSettings> {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, orgId);
    const kept: StoredCredentials =
      before && before.provider === body.provider ? providers.openCredentials(before) : {};
    const credentials: StoredCredentials = { ...kept };
    // A new key may be another Stripe account: the cards saved before wait until it is known to be the same.
    const isNewKey = body.provider === 'stripe' && Boolean(body.secret_key) && body.secret_key !== kept.secret_key;
    if (body.secret_key && body.provider === 'stripe') credentials.secret_key = body.secret_key;
    if (body.publishable_key && body.provider === 'stripe') credentials.publishable_key = body.publishable_key;
    if (body.webhook_secret) credentials.webhook_secret = body.webhook_secret;
    if (body.provider === 'test') {
      delete credentials.secret_key;
      delete credentials.publishable_key;
      credentials.webhook_secret ??= newWebhookSecret();
    }
    if (body.provider === 'stripe' && !credentials.secret_key) {
      throw new AppError(400, 'errors.bad_request', {}, { secret_key: 'validation.required' });
    }
    const saved = await repo.saveSettings(tx, {
      orgId,
      provider: body.provider,
      credentialsSealed: providers.sealCredentials(orgId, credentials),
      simulate: body.provider === 'test' ? (body.simulate ?? 'none') : 'none',
      accountId: before?.provider === body.provider && !isNewKey ? before.accountId : null,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.userId,
    });
    // The audit says which credentials changed, never their values.
    await writeAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'payment_settings',
      entityId: orgId,
      orgId,
      before: before ? { provider: before.provider, simulate: before.simulate } : null,
      after: {
        provider: saved.provider,
        simulate: saved.simulate,
        secret_key_changed: Boolean(body.secret_key),
        publishable_key_changed: Boolean(body.publishable_key),
        webhook_secret_changed: Boolean(body.webhook_secret),
      },
    });
    return saved;
  });
  providers.forgetSettings(orgId);
  const scope = { kind: 'org' as const, orgId };
  await learnAccount(ctx.db, providers, scope, await providers.forOrg(ctx.db, orgId));
  return present(ctx, providers, orgId, row);
}

/** The words users see under §8's "Payment system error" title for a provider's refusal. */
export function providerErrorMessage(error: PaymentProviderError, locale: Locale): string {
  const keys: Record<PaymentProviderError['kind'], MessageKey> = {
    declined: 'payment.declined',
    unavailable: 'payment.unavailable',
    credentials: 'payment.credentials_refused',
    refused: 'payment.provider_refused',
    bad_signature: 'payment.bad_signature',
  };
  return translate(keys[error.kind], locale, { reason: error.reason });
}

export async function testPaymentConnection(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
): Promise<TPaymentConnectionResult> {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const found = await providers.forOrg(ctx.db, orgId);
  if (!found) throw conflict('payment.not_configured');
  return checkConnection(found.provider, actor.locale);
}

/** Asks the provider whether its keys work: its refusal is an answer (in the actor's language), not an error. */
export async function checkConnection(provider: PaymentProvider, locale: Locale): Promise<TPaymentConnectionResult> {
  try {
    await provider.testConnection();
    return { ok: true, message: null };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return { ok: false, message: providerErrorMessage(error, locale) };
  }
}
