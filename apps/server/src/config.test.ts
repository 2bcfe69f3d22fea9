import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('the external broker subscription', () => {
  it('is plain for one instance and in the share group for several', () => {
    const broker = {
      MQTT_URL: 'mqtt://broker.test:1883',
      DATABASE_URL: 'postgres://db.test/vitrina',
      SECRET_KEY: 'k'.repeat(32),
    };
    expect(loadConfig({ ...broker }).mqtt).toMatchObject({ shareGroup: 'vitrina', shared: false });
    expect(loadConfig({ ...broker, INSTANCES: '3', MQTT_SHARE_GROUP: 'fleet' }).mqtt).toMatchObject({
      shareGroup: 'fleet',
      shared: true,
    });
  });
});

describe('OUTGOING_ALLOW_HOSTS', () => {
  it('allows no private host by default, and takes names, addresses and ranges', () => {
    expect(loadConfig({}).outgoingAllowHosts).toEqual([]);
    expect(loadConfig({ OUTGOING_ALLOW_HOSTS: 'relay.corp.internal, 10.0.0.25,fd00::/8' }).outgoingAllowHosts).toEqual([
      'relay.corp.internal',
      '10.0.0.25',
      'fd00::/8',
    ]);
  });

  it('refuses what is none of them', () => {
    for (const bad of ['http://relay.corp', '10.0.0.0/33', 'relay corp', 'relay.corp/8']) {
      expect(() => loadConfig({ OUTGOING_ALLOW_HOSTS: bad }), bad).toThrow(/OUTGOING_ALLOW_HOSTS/);
    }
  });
});

describe('what a start seeds by default', () => {
  const postgres = { DATABASE_URL: 'postgres://db.test/vitrina', SECRET_KEY: 'k'.repeat(32) };

  it('seeds the demo and runs its fleet on the embedded database', () => {
    expect(loadConfig({})).toMatchObject({ seed: 'demo', simulator: 'on' });
  });

  it('seeds nothing and runs no fleet on PostgreSQL', () => {
    expect(loadConfig({ ...postgres })).toMatchObject({ seed: 'off', simulator: 'off' });
  });

  it('seeds the demo on PostgreSQL when asked, and nothing on the embedded database when told', () => {
    expect(loadConfig({ ...postgres, SEED: 'demo' })).toMatchObject({ seed: 'demo', simulator: 'on' });
    expect(loadConfig({ SEED: 'off' })).toMatchObject({ seed: 'off', simulator: 'off' });
  });
});
