import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { type FiscalSettingsRow, findFiscalSettings } from './fiscal.repository.js';
import type { FiscalProvider } from './provider.js';
import { TestFiscalProvider } from './test-provider.js';

export type StoredFiscalCredentials = { api_key?: string };

/** Builds each organisation's fiscal provider from its stored settings. */
export class FiscalProviders {
  private readonly credentials;

  constructor(private readonly options: { db: Db; secrets: SecretBox; clock: Clock }) {
    this.credentials = sealedCredentials<StoredFiscalCredentials>(options.secrets, 'fiscal-settings');
  }

  openCredentials(row: Pick<FiscalSettingsRow, 'orgId' | 'credentialsSealed'>): StoredFiscalCredentials {
    return this.credentials.open(row.orgId, row.credentialsSealed);
  }

  sealCredentials(orgId: number, credentials: StoredFiscalCredentials): string | null {
    if (!credentials.api_key) return null;
    return this.credentials.seal(orgId, credentials);
  }

  build(row: FiscalSettingsRow, db: Db = this.options.db): FiscalProvider {
    return new TestFiscalProvider({ db, clock: this.options.clock, orgId: row.orgId, delaySeconds: row.delaySeconds });
  }

  async forOrg(db: Db, orgId: number): Promise<{ row: FiscalSettingsRow; provider: FiscalProvider } | null> {
    const row = await findFiscalSettings(db, orgId);
    return row ? { row, provider: this.build(row, db) } : null;
  }
}
