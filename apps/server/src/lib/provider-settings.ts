import type { Db } from '../db/client.js';
import type { OrgCache } from './org-cache.js';
import { type SecretBox, sealedCredentials } from './secrets.js';

/** What every organisation's provider settings row has: whose it is, and its credentials sealed to it. */
export type ProviderSettingsRow = { orgId: number; credentialsSealed: string | null };

export type ProviderSettingsOptions<Row> = {
  secrets: SecretBox;
  /** What the sealed credentials are bound to (with the organisation): one per kind of settings. */
  purpose: string;
  /** The organisation's settings row. */
  find(db: Db, orgId: number): Promise<Row | null>;
  /**
   * The rows kept in memory, dropped on every instance when the table announces a change; the
   * provider built from a kept row is kept with it (so it must hold no database handle).
   */
  cache?: OrgCache<Row | null> | undefined;
};

/**
 * The one registry of an organisation's provider settings, for payments and fiscal alike: its
 * row read (kept in memory when a cache is given), its credentials sealed to the organisation
 * and opened, and the provider built from the row. Each kind says how its provider is built.
 */
export abstract class ProviderSettingsRegistry<Row extends ProviderSettingsRow, Credentials extends object, Provider> {
  private readonly credentials;
  private readonly built = new WeakMap<Row, Provider | null>();

  constructor(private readonly settings: ProviderSettingsOptions<Row>) {
    this.credentials = sealedCredentials<Credentials>(settings.secrets, settings.purpose);
  }

  /** The provider of a row with its credentials opened; null when the chosen provider lacks what it needs. */
  protected abstract buildProvider(row: Row, credentials: Credentials, db: Db | undefined): Provider | null;

  openCredentials(row: Pick<Row, 'orgId' | 'credentialsSealed'>): Credentials {
    return this.credentials.open(row.orgId, row.credentialsSealed);
  }

  /** Sealed for the organisation; null when nothing is set (the row then stores none). */
  sealCredentials(orgId: number, credentials: Credentials): string | null {
    if (!Object.values(credentials).some(Boolean)) return null;
    return this.credentials.seal(orgId, credentials);
  }

  /** The provider of a settings row, built on `db` where the provider writes through it (a transaction's). */
  build(row: Row, db?: Db): Provider | null {
    return this.buildProvider(row, this.openCredentials(row), db);
  }

  /** The organisation's settings and provider; null when it has none, or an incomplete one. */
  async forOrg(db: Db, orgId: number): Promise<{ row: Row; provider: Provider } | null> {
    const { cache, find } = this.settings;
    if (!cache) {
      const row = await find(db, orgId);
      const provider = row && this.build(row, db);
      return row && provider ? { row, provider } : null;
    }
    const row = await cache.get(orgId, () => find(db, orgId));
    if (!row) return null;
    // One provider per row read (its credentials opened once), until the row changes.
    let provider = this.built.get(row);
    if (provider === undefined) {
      provider = this.build(row);
      this.built.set(row, provider);
    }
    return provider ? { row, provider } : null;
  }

  /** The writer's next read sees its own change at once (the announcement comes a moment later). */
  forgetSettings(orgId: number): void {
    this.settings.cache?.invalidate(orgId);
  }
}
