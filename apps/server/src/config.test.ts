import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('several server instances', () => {
  const postgres = { DATABASE_URL: 'postgres://db.test/vitrina', SECRET_KEY: 'k'.repeat(32) };
  const refused = 'Invalid configuration: several instances need RabbitMQ (BROKER=rabbitmq, AMQP_URL)';

  it('are refused behind Mosquitto and with the embedded broker: one instance each', () => {
    expect(() => loadConfig({ ...postgres, INSTANCES: '2', MQTT_URL: 'mqtt://broker.test:1883' })).toThrow(refused);
    expect(() =>
      loadConfig({ ...postgres, INSTANCES: '2', BROKER: 'mqtt', MQTT_URL: 'mqtt://broker.test:1883' }),
    ).toThrow(refused);
    expect(() => loadConfig({ ...postgres, INSTANCES: '3' })).toThrow(refused);
    expect(() => loadConfig({ ...postgres, INSTANCES: '2', BROKER: 'embedded' })).toThrow(refused);
  });

  it('are let through with RabbitMQ, and one instance with any broker', () => {
    expect(
      loadConfig({ ...postgres, INSTANCES: '2', BROKER: 'rabbitmq', AMQP_URL: 'amqp://broker.test' }).instances,
    ).toBe(2);
    expect(loadConfig({ ...postgres, MQTT_URL: 'mqtt://broker.test:1883' })).toMatchObject({
      instances: 1,
      mqtt: { url: 'mqtt://broker.test:1883' },
    });
    expect(loadConfig({}).instances).toBe(1);
  });

  it('refuses a broker it does not know', () => {
    expect(() => loadConfig({ BROKER: 'emqx' })).toThrow(/BROKER/);
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
