import type {
  PaymentProviderKind,
  TestProviderSimulation,
  TPaymentConnectionResult,
  TPlatformPaymentSettings,
  ZUpdatePaymentSettings,
} from '@vitrina/contract';
import { PAYMENT_PROVIDERS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { platformPaymentSettings } from '../../../db/schema/index.js';
import type { UserActor } from '../../../lib/actor.js';
import type { ServiceContext } from '../../../lib/context.js';
import { AppError, conflict } from '../../../lib/errors.js';
import { maskSecret, type SecretBox, sealedCredentials } from '../../../lib/secrets.js';
import { writeAudit } from '../../audit/index.js';
import type { PaymentProvider } from '../provider.js';
import { learnAccount } from '../provider-account.js';
import type { PaymentProviders, StoredCredentials } from '../provider-registry.js';
import { newWebhookSecret } from '../webhooks/webhook-signature.js';
import { checkConnection, platformWebhookUrlOf } from './payment-settings.service.js';

export type PlatformSettingsRow = typeof platformPaymentSettings.$inferSelect;
type UpdateBody = z.output<typeof ZUpdatePaymentSettings>;

/** The one row's id, and what its sealed credentials are bound to (`platform-payment-settings:1`). */
const PLATFORM_ROW = 1;
const platformCredentials = (secrets: SecretBox) =>
  sealedCredentials<StoredCredentials>(secrets, 'platform-payment-settings');

export async function findPlatformSettings(db: Db): Promise<PlatformSettingsRow | null> {
  const [row] = await db.select().from(platformPaymentSettings).where(eq(platformPaymentSettings.id, PLATFORM_ROW));
  return row ?? null;
}

/** Seals the platform's credentials as its row stores them (the demo seed's, too). */
export function sealPlatformCredentials(secrets: SecretBox, credentials: StoredCredentials): string {
  return platformCredentials(secrets).seal(PLATFORM_ROW, credentials);
}

export function openPlatformCredentials(secrets: SecretBox, row: PlatformSettingsRow): StoredCredentials {
  return platformCredentials(secrets).open(PLATFORM_ROW, row.credentialsSealed);
}

/** The platform's provider (subscription fees), or null when none is set up or Stripe lacks its key. */
export async function platformProvider(
  ctx: Pick<ServiceContext, 'db' | 'secrets'>,
  providers: PaymentProviders,
  db: Db = ctx.db,
): Promise<{ row: PlatformSettingsRow; provider: PaymentProvider } | null> {
  const row = await findPlatformSettings(db);
  if (!row) return null;
  const provider = providers.buildFrom({
    provider: row.provider,
    simulate: row.simulate,
    credentials: openPlatformCredentials(ctx.secrets, row),
    orgId: null,
  });
  return provider ? { row, provider } : null;
}

function present(ctx: ServiceContext, row: PlatformSettingsRow | null): TPlatformPaymentSettings {
  const credentials = row ? openPlatformCredentials(ctx.secrets, row) : {};
  return {
    provider: row?.provider ?? null,
    secret_key: credentials.secret_key ? maskSecret(credentials.secret_key) : null,
    publishable_key: credentials.publishable_key ?? null,
    webhook_secret: credentials.webhook_secret ? maskSecret(credentials.webhook_secret) : null,
    simulate: (row?.simulate as TPlatformPaymentSettings['simulate'] | undefined) ?? 'none',
    webhook_urls: Object.fromEntries(
      PAYMENT_PROVIDERS.map((provider) => [provider, platformWebhookUrlOf(ctx.publicUrl, provider)]),
    ) as TPlatformPaymentSettings['webhook_urls'],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getPlatformPaymentSettings(ctx: ServiceContext): Promise<TPlatformPaymentSettings> {
  return present(ctx, await findPlatformSettings(ctx.db));
}

/**
 * The platform admin chooses the platform's provider: the same rules as an organisation's
 * (an empty credential keeps the stored one, switching provider drops the other's). A new
 * Stripe key or another provider forgets the account, so the cards saved before are not
 * charged until the account is known to be the same (card-setup.service.ts learns it).
 */
export async function updatePlatformPaymentSettings(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  body: UpdateBody,
): Promise<TPlatformPaymentSettings> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findPlatformSettings(tx);
    const isSameProvider = before?.provider === body.provider;
    const credentials: StoredCredentials = isSameProvider && before ? openPlatformCredentials(ctx.secrets, before) : {};
    const isNewKey = Boolean(body.secret_key) && body.secret_key !== credentials.secret_key;
    if (body.provider === 'stripe') {
      if (body.secret_key) credentials.secret_key = body.secret_key;
      if (body.publishable_key) credentials.publishable_key = body.publishable_key;
      if (!credentials.secret_key) {
        throw new AppError(400, 'errors.bad_request', {}, { secret_key: 'validation.required' });
      }
    } else {
      delete credentials.secret_key;
      delete credentials.publishable_key;
    }
    if (body.webhook_secret) credentials.webhook_secret = body.webhook_secret;
    if (body.provider === 'test') credentials.webhook_secret ??= newWebhookSecret();
    const values = {
      provider: body.provider as PaymentProviderKind,
      credentialsSealed: sealPlatformCredentials(ctx.secrets, credentials),
      simulate: body.provider === 'test' ? (body.simulate ?? 'none') : ('none' as TestProviderSimulation),
      accountId: isSameProvider && !isNewKey ? (before?.accountId ?? null) : null,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.userId,
    };
    const [saved] = await tx
      .insert(platformPaymentSettings)
      .values({ id: PLATFORM_ROW, ...values })
      .onConflictDoUpdate({ target: platformPaymentSettings.id, set: values })
      .returning();
    // The audit says which credentials changed, never their values.
    await writeAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'platform_payment_settings',
      entityId: PLATFORM_ROW,
      before: before ? { provider: before.provider, simulate: before.simulate } : null,
      after: {
        provider: saved!.provider,
        simulate: saved!.simulate,
        secret_key_changed: Boolean(body.secret_key),
        publishable_key_changed: Boolean(body.publishable_key),
        webhook_secret_changed: Boolean(body.webhook_secret),
      },
    });
    return saved!;
  });
  await learnAccount(ctx.db, providers, { kind: 'platform' }, await platformProvider(ctx, providers));
  return present(ctx, row);
}

export async function testPlatformConnection(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
): Promise<TPaymentConnectionResult> {
  const found = await platformProvider(ctx, providers);
  if (!found) throw conflict('subscription.platform_not_configured');
  return checkConnection(found.provider, actor.locale);
}
