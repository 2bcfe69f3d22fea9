import { TEST_PROVIDER_SIMULATIONS, type TestProviderSimulation } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { OrgCache } from '../../lib/org-cache.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { findSettings, type PaymentSettingsRow, type PaymentTransactionRow } from './payments.repository.js';
import type { PaymentProvider } from './provider.js';
import { StripePaymentProvider } from './stripe-provider.js';
import { TestBankStore } from './test-bank-store.js';
import { TestPaymentBank, TestPaymentProvider } from './test-provider.js';

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

/** Builds each organisation's provider from its stored settings; one test bank per server. */
export class PaymentProviders {
  readonly testBank: TestPaymentBank;
  private readonly credentials;
  private readonly built = new WeakMap<PaymentSettingsRow, PaymentProvider | null>();

  /** A row left in process was settled afterwards: whoever owns its sale is told. */
  async ledgerSettled(db: Db, row: PaymentTransactionRow): Promise<void> {
    await this.options.onLedgerSettled?.(db, row);
  }

  constructor(private readonly options: PaymentProvidersOptions) {
    const books = options.db ? new TestBankStore(options.db) : undefined;
    this.testBank = new TestPaymentBank(options.clock, options.onTestWebhookQueued, books, options.publicUrl);
    this.credentials = sealedCredentials<StoredCredentials>(options.secrets, PAYMENT_CREDENTIALS);
  }

  openCredentials(row: Pick<PaymentSettingsRow, 'orgId' | 'credentialsSealed'>): StoredCredentials {
    return this.credentials.open(row.orgId, row.credentialsSealed);
  }

  sealCredentials(orgId: number, credentials: StoredCredentials): string | null {
    if (!credentials.secret_key && !credentials.webhook_secret && !credentials.publishable_key) return null;
    return this.credentials.seal(orgId, credentials);
  }

  /** The provider of a settings row; null when the chosen provider lacks what it needs (Stripe without a key). */
  build(row: PaymentSettingsRow): PaymentProvider | null {
    return this.buildFrom({
      provider: row.provider,
      simulate: row.simulate,
      credentials: this.openCredentials(row),
      orgId: row.orgId,
    });
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

  async forOrg(db: Db, orgId: number): Promise<{ row: PaymentSettingsRow; provider: PaymentProvider } | null> {
    const { settings } = this.options;
    const row = settings ? await settings.get(orgId, () => findSettings(db, orgId)) : await findSettings(db, orgId);
    if (!row) return null;
    // One provider per settings row read (its credentials opened once), until the row changes.
    let provider = this.built.get(row);
    if (provider === undefined) {
      provider = this.build(row);
      this.built.set(row, provider);
    }
    return provider ? { row, provider } : null;
  }

  /** The writer's next read sees its own change at once (the announcement comes a moment later). */
  forgetSettings(orgId: number): void {
    this.options.settings?.invalidate(orgId);
  }
}

function simulationOf(value: string): TestProviderSimulation {
  return (TEST_PROVIDER_SIMULATIONS as readonly string[]).includes(value) ? (value as TestProviderSimulation) : 'none';
}
