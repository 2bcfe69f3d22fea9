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
