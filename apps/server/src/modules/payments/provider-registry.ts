import { TEST_PROVIDER_SIMULATIONS, type TestProviderSimulation } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { OrgCache } from '../../lib/org-cache.js';
import { ProviderSettingsRegistry } from '../../lib/provider-settings.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { findSettings, type PaymentSettingsRow, type PaymentTransactionRow } from './payments.repository.js';
import type { PaymentProvider } from './provider.js';
import { StripePaymentProvider } from './stripe/stripe-provider.js';
import { TestBankStore } from './test-bank/test-bank-store.js';
import { TestPaymentBank, TestPaymentProvider } from './test-bank/test-provider.js';

export type StoredCredentials = { secret_key?: string; publishable_key?: string; webhook_secret?: string };

/** What a provider is built from: an organisation's settings, or the platform's (no organisation). */
export type ProviderSpec = {
  provider: PaymentSettingsRow['provider'];
  simulate: string;
  credentials: StoredCredentials;
  /** Whose webhooks the test provider's events are; null for the platform's own. */
  orgId: number | null;
};

/** What the payment settings' sealed credentials are bound to (lib/secrets.ts sealedCredentials). */
export const PAYMENT_CREDENTIALS = 'payment-settings';

export type PaymentProvidersOptions = {
  secrets: SecretBox;
  /** Where the test provider's bank keeps its books; without, in memory (unit tests). */
  db?: Db | undefined;
  clock: Clock;
  /** Tests point the Stripe adapter at a local stand-in. */
  stripeBaseUrl?: string | undefined;
  /** This installation's prefix of the idempotency keys sent to Stripe (lib/installation.ts). */
  keyPrefix?: string | undefined;
  /** The server's public address: the test bank's 3-D Secure challenge page is there. */
  publicUrl?: string | undefined;
  /** Told when a test-provider webhook falls due (TestPaymentBank). */
  onTestWebhookQueued?: ((dueMs: number) => void) | undefined;
  /**
   * Told when a row left in process is settled later (a webhook, the reconciliation), in the
   * database transaction that settled it, so the sale it belongs to can follow.
   */
  onLedgerSettled?: ((db: Db, row: PaymentTransactionRow) => Promise<void>) | undefined;
  /**
   * The organisations' settings kept in memory, dropped on every instance when the table
   * announces a change (migration 0031): every payment and every webhook reads them.
   */
  settings?: OrgCache<PaymentSettingsRow | null> | undefined;
};

/** Seals an organisation's payment credentials as its settings store them (the demo seed's, too). */
export function sealPaymentCredentials(secrets: SecretBox, orgId: number, credentials: StoredCredentials): string {
  return sealedCredentials<StoredCredentials>(secrets, PAYMENT_CREDENTIALS).seal(orgId, credentials);
}

/** The channel payment_settings announces its changes on (migration 0031). */
export const PAYMENT_SETTINGS_CHANNEL = 'vitrina_payment_settings';

/**
 * Builds each organisation's provider from its stored settings (the one settings registry,
 * lib/provider-settings.ts, as fiscal's); one test bank per server.
 */
export class PaymentProviders extends ProviderSettingsRegistry<PaymentSettingsRow, StoredCredentials, PaymentProvider> {
  readonly testBank: TestPaymentBank;

  /** A row left in process was settled afterwards: whoever owns its sale is told. */
  async ledgerSettled(db: Db, row: PaymentTransactionRow): Promise<void> {
    await this.options.onLedgerSettled?.(db, row);
  }

  constructor(private readonly options: PaymentProvidersOptions) {
    super({ secrets: options.secrets, purpose: PAYMENT_CREDENTIALS, find: findSettings, cache: options.settings });
    const books = options.db ? new TestBankStore(options.db) : undefined;
    this.testBank = new TestPaymentBank(options.clock, options.onTestWebhookQueued, books, options.publicUrl);
  }

  /** The provider of a settings row; null when the chosen provider lacks what it needs (Stripe without a key). */
  protected buildProvider(row: PaymentSettingsRow, credentials: StoredCredentials): PaymentProvider | null {
    return this.buildFrom({ provider: row.provider, simulate: row.simulate, credentials, orgId: row.orgId });
  }

  /** The provider of an organisation's or the platform's settings. */
  buildFrom(spec: ProviderSpec): PaymentProvider | null {
    const { credentials } = spec;
    if (spec.provider === 'test') {
      return new TestPaymentProvider({
        bank: this.testBank,
        orgId: spec.orgId,
        webhookSecret: credentials.webhook_secret ?? null,
        simulate: simulationOf(spec.simulate),
      });
    }
    if (!credentials.secret_key) return null;
    return new StripePaymentProvider({
      secretKey: credentials.secret_key,
      webhookSecret: credentials.webhook_secret ?? null,
      clock: this.options.clock,
      ...(this.options.stripeBaseUrl ? { baseUrl: this.options.stripeBaseUrl } : {}),
      ...(this.options.keyPrefix ? { keyPrefix: this.options.keyPrefix } : {}),
    });
  }
}

function simulationOf(value: string): TestProviderSimulation {
  return (TEST_PROVIDER_SIMULATIONS as readonly string[]).includes(value) ? (value as TestProviderSimulation) : 'none';
}
