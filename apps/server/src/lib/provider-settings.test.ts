import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { OrgCache } from './org-cache.js';
import { ProviderSettingsRegistry, type ProviderSettingsRow } from './provider-settings.js';
import { createSecretBox } from './secrets.js';

type Row = ProviderSettingsRow & { version: number };
type Credentials = { key?: string };
const secrets = createSecretBox('a-secret-key-of-at-least-32-characters!');
const db = {} as Db;

/** A kind of settings whose provider names the row and credentials it was built from. */
class Registry extends ProviderSettingsRegistry<Row, Credentials, { built: string }> {
  builds = 0;
  protected buildProvider(row: Row, credentials: Credentials) {
    if (!credentials.key) return null;
    this.builds += 1;
    return { built: `${row.orgId}:${row.version}:${credentials.key}` };
  }
}

describe('the provider settings registry', () => {
  it('seals credentials to their organisation and kind, and stores none when nothing is set', () => {
    const registry = new Registry({ secrets, purpose: 'kind-a', find: async () => null });
    const sealed = registry.sealCredentials(7, { key: 'sk_1' });
    expect(registry.openCredentials({ orgId: 7, credentialsSealed: sealed })).toEqual({ key: 'sk_1' });
    // Another organisation's row, or another kind of settings, cannot open them.
    expect(() => registry.openCredentials({ orgId: 8, credentialsSealed: sealed })).toThrow();
    const other = new Registry({ secrets, purpose: 'kind-b', find: async () => null });
    expect(() => other.openCredentials({ orgId: 7, credentialsSealed: sealed })).toThrow();
    expect(registry.sealCredentials(7, { key: '' })).toBeNull();
    expect(registry.openCredentials({ orgId: 7, credentialsSealed: null })).toEqual({});
  });

  it('builds one provider per kept row, and reads the row again once it is forgotten', async () => {
    let version = 1;
    let reads = 0;
    const cache = new OrgCache<Row | null>({ channel: 'test' });
    // As the cache's listener would be: connected, so rows are kept.
    await cache.start({
      listen: async (_channel: string, handlers: { onConnection(connected: boolean): void }) => {
        handlers.onConnection(true);
        return { stop: async () => {} };
      },
    } as never);
    const registry: Registry = new Registry({
      secrets,
      purpose: 'kind-a',
      cache,
      find: async (_db, orgId) => {
        reads += 1;
        return { orgId, version, credentialsSealed: registry.sealCredentials(orgId, { key: 'sk' }) };
      },
    });
    expect((await registry.forOrg(db, 3))?.provider).toEqual({ built: '3:1:sk' });
    expect((await registry.forOrg(db, 3))?.provider).toEqual({ built: '3:1:sk' });
    expect({ reads, builds: registry.builds }).toEqual({ reads: 1, builds: 1 });
    version = 2;
    registry.forgetSettings(3);
    expect((await registry.forOrg(db, 3))?.provider).toEqual({ built: '3:2:sk' });
    expect({ reads, builds: registry.builds }).toEqual({ reads: 2, builds: 2 });
  });

  it('without a cache, reads and builds on every call, on the caller’s handle', async () => {
    const registry: Registry = new Registry({
      secrets,
      purpose: 'kind-a',
      find: async (_db, orgId) =>
        orgId === 1 ? { orgId, version: 1, credentialsSealed: registry.sealCredentials(orgId, { key: 'sk' }) } : null,
    });
    await registry.forOrg(db, 1);
    await registry.forOrg(db, 1);
    expect(registry.builds).toBe(2);
    expect(await registry.forOrg(db, 2)).toBeNull();
  });
});
