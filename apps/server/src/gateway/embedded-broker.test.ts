import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, TestDevice } from '../../test/device-client.js';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createTenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { deviceEvents, doorSessions } from '../db/schema/index.js';
import { mqtt5Refusal, UNSUPPORTED_PROTOCOL_VERSION } from './embedded-broker.js';

/**
 * The embedded broker's own behaviour, so always against the embedded broker, whatever
 * TEST_MQTT_URL says: its socket guard (a packet announcing more than the cap is refused at its
 * header), its acknowledgements (a QoS 1 PUBACK once stored) and its refusal of MQTT 5.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ mqtt: { port: 0, host: '127.0.0.1' } });
});
afterAll(() => ctx.close());

/** Sends bytes on a raw socket and resolves once the server has closed it. */
function sendUntilClosed(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.setTimeout(10_000, () => reject(new Error('the broker kept the socket open')));
  });
}

describe('embedded broker packet cap', () => {
  it('closes a connection whose packet announces 10 MB, before the body is sent, and counts it', async () => {
    const gateway = ctx.app.gateway!;
    const before = gateway.stats.rejected.oversized;
    // A PUBLISH header with a remaining length of 10,000,000 (varint 0x80 0xAD 0xE2 0x04), and no body.
    await sendUntilClosed(gateway.port!, Buffer.from([0x30, 0x80, 0xad, 0xe2, 0x04]));
    expect(gateway.stats.rejected.oversized).toBe(before + 1);
  });

  it('still carries a device’s ordinary traffic through the guard', async () => {
    const tenant = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Guarded fridge');
    const credentials = await issueToken(ctx.database.db, id);
    const device = new TestDevice({ url: `mqtt://127.0.0.1:${ctx.app.gateway!.port}`, ...credentials }, Date.now);
    const accepted = ctx.app.gateway!.stats.accepted;
    await device.connect();
    await ctx.app.gateway!.settle();
    expect(ctx.app.gateway!.stats.accepted).toBeGreaterThan(accepted);
    await device.close();
  });
});

describe('embedded broker acknowledgements', () => {
  it('acknowledges a QoS 1 door session only once it and its history line are stored', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const id = await insertMicromarket(db, tenant.org.main, 'Acknowledging fridge');
    const credentials = await issueToken(db, id);
    const device = new TestDevice({ url: `mqtt://127.0.0.1:${ctx.app.gateway!.port}`, ...credentials }, Date.now);
    await device.connect();
    const session = randomUUID();
    const openedAt = Date.now();
    await device.send('door-session', { id: session, state: 'opened', kind: 'service', opened_at: openedAt });
    // send resolves on the PUBACK: nothing is awaited on the server's side before these reads.
    await device.send('door-session', {
      id: session,
      state: 'closed',
      kind: 'service',
      opened_at: openedAt,
      closed_at: Date.now(),
      taken_tags: [],
      detections: [],
    });
    const [stored] = await db.select().from(doorSessions).where(eq(doorSessions.id, session));
    expect(stored?.closedAt).not.toBeNull();
    const lines = await db
      .select({ kind: deviceEvents.kind })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.micromarketId, id), eq(deviceEvents.kind, 'door_session_closed')));
    expect(lines).toHaveLength(1);
    await device.close();
  });

  it('refuses an MQTT 5 CONNECT with reason code 0x84 (Unsupported Protocol Version), in MQTT 5', async () => {
    const tenant = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'MQTT 5 fridge');
    const { serial, token } = await issueToken(ctx.database.db, id);
    const refusal = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${ctx.app.gateway!.port}`, {
        protocolVersion: 5,
        clientId: serial,
        username: serial,
        password: token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      })
      .then(
        async (client) => {
          await client.endAsync();
          return null;
        },
        (error: Error & { code?: number }) => error,
      );
    expect(refusal?.code).toBe(UNSUPPORTED_PROTOCOL_VERSION);
    expect(refusal?.message).toContain('Unsupported Protocol Version');
    // The same device on MQTT 3.1.1 is welcome.
    const device = new TestDevice({ url: `mqtt://127.0.0.1:${ctx.app.gateway!.port}`, serial, token }, Date.now);
    await device.connect();
    await device.close();
  });

  it('encodes the refusal as an MQTT 5 CONNACK with the reason string', () => {
    const packet = mqtt5Refusal(UNSUPPORTED_PROTOCOL_VERSION, 'no');
    expect([...packet]).toEqual([0x20, 0x08, 0x00, 0x84, 0x05, 0x1f, 0x00, 0x02, 0x6e, 0x6f]);
  });
});
