import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ProviderSettingsRegistry } from '../../lib/provider-settings.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { CheckboxCashierCredentials, CheckboxTokenStore } from './checkbox/checkbox-api.js';
import { CheckboxFiscalProvider } from './checkbox/checkbox-provider.js';
import { type FiscalSettingsRow, findFiscalSettings } from './fiscal.repository.js';
import type { FiscalProvider } from './provider.js';
import { TestFiscalProvider } from './test-provider/test-provider.js';

/**
 * One sealed object per organisation. `api_key`: the test provider's key, or Checkbox's cash
 * register license key (X-License-Key). The cashier signs in to Checkbox with login and
 * password, or with a PIN code.
 */
export type StoredFiscalCredentials = {
  api_key?: string;
  cashier_login?: string;
  cashier_password?: string;
  cashier_pin?: string;
};

export type FiscalProvidersOptions = {
  db: Db;
  secrets: SecretBox;
  clock: Clock;
  /** Tests point the Checkbox adapter at a local stand-in (CHECKBOX_API_URL). */
  checkboxBaseUrl?: string | undefined;
};

/** The cashier's way in, when the stored credentials have one. */
export function cashierOf(credentials: StoredFiscalCredentials): CheckboxCashierCredentials | null {
  if (credentials.cashier_pin) return { pinCode: credentials.cashier_pin };
  if (credentials.cashier_login && credentials.cashier_password) {
    return { login: credentials.cashier_login, password: credentials.cashier_password };
  }
  return null;
}

/** Builds each organisation's fiscal provider from its stored settings (the one settings registry, lib/provider-settings.ts). */
export class FiscalProviders extends ProviderSettingsRegistry<
  FiscalSettingsRow,
  StoredFiscalCredentials,
  FiscalProvider
> {
  /** Checkbox bearer tokens by register and cashier: a sign-in serves every receipt until refused. */
  private readonly tokens = new Map<string, string>();

  constructor(private readonly options: FiscalProvidersOptions) {
    // No cache: the test register writes through the caller's database handle (a transaction's).
    super({ secrets: options.secrets, purpose: 'fiscal-settings', find: findFiscalSettings });
  }

  /** The provider of a settings row; null when the chosen provider lacks what it needs (Checkbox without its keys). */
  protected buildProvider(row: FiscalSettingsRow, credentials: StoredFiscalCredentials, db: Db | undefined) {
    if (row.provider === 'test') {
      return new TestFiscalProvider({
        db: db ?? this.options.db,
        clock: this.options.clock,
        orgId: row.orgId,
        delaySeconds: row.delaySeconds,
      });
    }
    const cashier = cashierOf(credentials);
    if (!credentials.api_key || !cashier) return null;
    return new CheckboxFiscalProvider({
      licenseKey: credentials.api_key,
      cashier,
      tokens: this.tokenStore(row.orgId, credentials.api_key, cashier),
      clock: this.options.clock,
      baseUrl: this.options.checkboxBaseUrl,
    });
  }

  /** Keyed by what signs in, so new credentials never use the old cashier's token. */
  private tokenStore(orgId: number, licenseKey: string, cashier: CheckboxCashierCredentials): CheckboxTokenStore {
    const key = createHash('sha256')
      .update(JSON.stringify([orgId, licenseKey, cashier]))
      .digest('base64url');
    return {
      get: () => this.tokens.get(key) ?? null,
      set: (token) => {
        if (token) this.tokens.set(key, token);
        else this.tokens.delete(key);
      },
    };
  }
}
