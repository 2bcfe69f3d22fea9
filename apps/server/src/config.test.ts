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

describe('what a start seeds by default (issue 33)', () => {
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
