import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secrets.js';
import { type FiscalSettingsRow, findFiscalSettings } from './fiscal.repository.js';
import type { FiscalProvider } from './provider.js';
import { TestFiscalProvider } from './test-provider.js';

export type StoredFiscalCredentials = { api_key?: string };

/** The sealed credentials are bound to their organisation: copied to another row they do not open. */
const credentialsContext = (orgId: number) => `fiscal-settings:${orgId}`;

/** Builds each organisation's fiscal provider from its stored settings. */
export class FiscalProviders {
  constructor(private readonly options: { db: Db; secrets: SecretBox; clock: Clock }) {}

  openCredentials(row: Pick<FiscalSettingsRow, 'orgId' | 'credentialsSealed'>): StoredFiscalCredentials {
    if (!row.credentialsSealed) return {};
    return JSON.parse(
      this.options.secrets.decrypt(row.credentialsSealed, credentialsContext(row.orgId)),
    ) as StoredFiscalCredentials;
  }

  sealCredentials(orgId: number, credentials: StoredFiscalCredentials): string | null {
    if (!credentials.api_key) return null;
    return this.options.secrets.encrypt(JSON.stringify(credentials), credentialsContext(orgId));
  }

  build(row: FiscalSettingsRow, db: Db = this.options.db): FiscalProvider {
    return new TestFiscalProvider({ db, clock: this.options.clock, orgId: row.orgId, delaySeconds: row.delaySeconds });
  }

  async forOrg(db: Db, orgId: number): Promise<{ row: FiscalSettingsRow; provider: FiscalProvider } | null> {
    const row = await findFiscalSettings(db, orgId);
    return row ? { row, provider: this.build(row, db) } : null;
  }
}
