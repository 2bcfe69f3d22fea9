import { api, DEVICE_UPLINK_CHANNELS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS } from '../../test/device-client.js';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { micromarkets, organizations } from '../db/schema/index.js';

/**
 * RabbitMQ's HTTP auth backend through the real HTTP layer (BROKER=rabbitmq): what the broker
 * asks at a device's login and for each resource it touches, answered `allow` or `deny` as
 * plain text, as rabbitmq_auth_backend_http reads it.
 */
let ctx: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  // With a gateway, as BROKER=rabbitmq runs: its directory answers, kept fresh by the database's announcements.
  ctx = await createTestContext({ mqtt: TEST_MQTT_OPTIONS });
  tenant = await createTenant(ctx.database.db);
});
afterAll(() => ctx.close());

async function device(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  return { id, ...(await issueToken(ctx.database.db, id)) };
}

async function ask<E extends (typeof api.brokerAuth)[keyof typeof api.brokerAuth]>(
  endpoint: E,
  query: Record<string, string>,
) {
  const response = await callApi(ctx, endpoint, { query: query as never });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

const login = (query: Record<string, string>) => ask(api.brokerAuth.user, { vhost: 'vitrina', ...query });

describe('device logins asked by RabbitMQ', () => {
  it('allow the serial with its token and its own client id, and nothing else', async () => {
    const { serial, token } = await device('Login');
    expect(await login({ username: serial, password: token, client_id: serial })).toBe('allow');
    expect(await login({ username: serial, password: 'wrong', client_id: serial })).toBe('deny');
    expect(await login({ username: serial, password: '', client_id: serial })).toBe('deny');
    // Another client id would take over that device's session; no client id is an AMQP login.
    expect(await login({ username: serial, password: token, client_id: 'SN-someone-else' })).toBe('deny');
    expect(await login({ username: serial, password: token })).toBe('deny');
    expect(await login({ username: 'SN-unknown', password: token, client_id: 'SN-unknown' })).toBe('deny');
    expect(await login({ username: serial, password: token, client_id: serial, vhost: 'other' })).toBe('deny');
  });

  it('deny a deactivated micromarket and a fridge of a deactivated organisation at once', async () => {
    const { id, serial, token } = await device('Deactivated');
    const other = await createTenant(ctx.database.db);
    const elsewhere = await insertMicromarket(ctx.database.db, other.org.main, 'Deactivated organisation');
    const theirs = await issueToken(ctx.database.db, elsewhere);
    expect(await login({ username: serial, password: token, client_id: serial })).toBe('allow');
    expect(await login({ username: theirs.serial, password: theirs.token, client_id: theirs.serial })).toBe('allow');
    await ctx.database.db.update(micromarkets).set({ active: false }).where(eq(micromarkets.id, id));
    await ctx.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, other.org.main));
    // The database announces both (migrations 0016, 0048); the cached logins are forgotten.
    await expect.poll(() => login({ username: serial, password: token, client_id: serial })).toBe('deny');
    await expect
      .poll(() => login({ username: theirs.serial, password: theirs.token, client_id: theirs.serial }))
      .toBe('deny');
  });

  it('deny the old token once the panel rotates it', async () => {
    const { id, serial, token } = await device('Rotated');
    expect(await login({ username: serial, password: token, client_id: serial })).toBe('allow');
    const rotated = await callApi(ctx, api.micromarket.rotateToken, {
      params: { id },
      token: await tenant.token('operator'),
    });
    expect(rotated.statusCode).toBe(200);
    await expect.poll(() => login({ username: serial, password: token, client_id: serial })).toBe('deny');
    const fresh = rotated.json().token;
    expect(await login({ username: serial, password: fresh, client_id: serial })).toBe('allow');
  });
});

describe('what a device may touch at RabbitMQ', () => {
  const resource = (query: Record<string, string>) => ask(api.brokerAuth.resource, { vhost: 'vitrina', ...query });
  const topic = (query: Record<string, string>) =>
    ask(api.brokerAuth.topic, { vhost: 'vitrina', resource: 'topic', name: 'amq.topic', ...query });

  it('its vhost, its own session queues and amq.topic, never the servers’ queues', async () => {
    expect(await ask(api.brokerAuth.vhost, { username: 'SN-1', vhost: 'vitrina' })).toBe('allow');
    expect(await ask(api.brokerAuth.vhost, { username: 'SN-1', vhost: '/' })).toBe('deny');
    for (const permission of ['configure', 'write', 'read']) {
      expect(
        await resource({ username: 'SN-1', resource: 'queue', name: 'mqtt-subscription-SN-1qos1', permission }),
      ).toBe('allow');
      expect(
        await resource({ username: 'SN-1', resource: 'queue', name: 'mqtt-subscription-SN-2qos1', permission }),
      ).toBe('deny');
      expect(await resource({ username: 'SN-1', resource: 'queue', name: 'vitrina.uplink.0', permission })).toBe(
        'deny',
      );
      expect(await resource({ username: 'SN-1', resource: 'queue', name: 'vitrina.telemetry', permission })).toBe(
        'deny',
      );
    }
    expect(await resource({ username: 'SN-1', resource: 'exchange', name: 'amq.topic', permission: 'write' })).toBe(
      'allow',
    );
    expect(await resource({ username: 'SN-1', resource: 'exchange', name: 'amq.topic', permission: 'read' })).toBe(
      'allow',
    );
    expect(await resource({ username: 'SN-1', resource: 'exchange', name: 'amq.topic', permission: 'configure' })).toBe(
      'deny',
    );
    expect(
      await resource({ username: 'SN-1', resource: 'exchange', name: 'vitrina.uplink', permission: 'write' }),
    ).toBe('deny');
    expect(
      await resource({
        username: 'SN-1',
        resource: 'queue',
        name: 'mqtt-subscription-SN-1qos1',
        permission: 'read',
        vhost: '/',
      }),
    ).toBe('deny');
  });

  it('publishes its own uplink and reads its own commands: no other serial, wildcard or shared group', async () => {
    for (const channel of DEVICE_UPLINK_CHANNELS) {
      expect(await topic({ username: 'SN-1', permission: 'write', routing_key: `vitrina.SN-1.${channel}` })).toBe(
        'allow',
      );
      expect(await topic({ username: 'SN-1', permission: 'write', routing_key: `vitrina.SN-2.${channel}` })).toBe(
        'deny',
      );
      expect(await topic({ username: 'SN-1', permission: 'read', routing_key: `vitrina.SN-1.${channel}` })).toBe(
        'deny',
      );
    }
    expect(await topic({ username: 'SN-1', permission: 'read', routing_key: 'vitrina.SN-1.commands' })).toBe('allow');
    // Forging a command to itself or another, and every filter wider than its own commands.
    for (const routing_key of ['vitrina.SN-1.commands', 'vitrina.SN-2.commands']) {
      expect(await topic({ username: 'SN-1', permission: 'write', routing_key })).toBe('deny');
    }
    for (const routing_key of [
      '#',
      'vitrina.#',
      'vitrina.*.commands',
      'vitrina.SN-1.*',
      '$share.vitrina.vitrina.*.hello',
      'vitrina.SN-2.commands',
    ]) {
      expect(await topic({ username: 'SN-1', permission: 'read', routing_key })).toBe('deny');
    }
    expect(
      await topic({ username: 'SN-1', permission: 'write', routing_key: 'vitrina.SN-1.hello', name: 'vitrina.uplink' }),
    ).toBe('deny');
  });
});
