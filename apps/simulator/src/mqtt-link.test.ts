import net, { type AddressInfo } from 'node:net';
import {
  DEVICE_UPLINK_SCHEMAS,
  deviceTopic,
  parseDeviceTopic,
  type TDeviceAck,
  type TDeviceCommandMessage,
  type TDeviceDoorSession,
} from '@vitrina/contract';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { MemoryFlash } from './flash.js';
import { Fridge } from './fridge.js';
import { mqttLinkFactory } from './mqtt-link.js';
import { testFridge } from './test-support.js';

type Received = { serial: string; channel: string; message: Record<string, unknown> };

const SERIAL = 'SIM-MQTT-1';
const TOKEN = 'the-private-token';
const received: Received[] = [];
let broker: Aedes;
let server: net.Server;
let url: string;

/** An embedded broker like the server's: serial + token at CONNECT, own topics only. */
beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const ok = client.id === SERIAL && username === SERIAL && password?.toString() === TOKEN;
      done(ok ? null : Object.assign(new Error('bad serial or token'), { returnCode: 4 as const }), ok);
    },
    authorizePublish(client, packet, done) {
      if (client && parseDeviceTopic(packet.topic)?.serial !== client.id) return done(new Error('not yours'));
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      done(null, subscription.topic === deviceTopic(client.id, 'commands') ? subscription : null);
    },
  });
  await new Promise<void>((resolve) =>
    broker.subscribe(
      'vitrina/+/+',
      (packet, callback) => {
        const parsed = parseDeviceTopic(packet.topic);
        if (parsed) {
          const message = DEVICE_UPLINK_SCHEMAS[parsed.channel].parse(JSON.parse(packet.payload.toString()));
          received.push({
            serial: parsed.serial,
            channel: parsed.channel,
            message: message as Record<string, unknown>,
          });
        }
        callback();
      },
      resolve,
    ),
  );
  server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function on(channel: string): Record<string, unknown>[] {
  return received.filter((entry) => entry.serial === SERIAL && entry.channel === channel).map((entry) => entry.message);
}

function sendCommand(command: TDeviceCommandMessage): Promise<void> {
  return new Promise((resolve, reject) =>
    broker.publish(
      {
        cmd: 'publish',
        topic: deviceTopic(SERIAL, 'commands'),
        payload: Buffer.from(JSON.stringify(command)),
        qos: 1,
        retain: false,
        dup: false,
      },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}

function makeFridge(token: string, clock: ManualClock): Fridge {
  return new Fridge({
    fridge: testFridge({ serial: SERIAL, token }),
    clock,
    flash: new MemoryFlash(),
    linkFactory: mqttLinkFactory({ url, serial: SERIAL, token }),
    behaviour: { customersPerHour: 0, autoRestock: false },
  });
}

describe('a fridge against a real MQTT broker', () => {
  it('is refused with a wrong token, and stays out through its retries', async () => {
    const clock = new ManualClock(Date.now());
    const fridge = makeFridge('wrong-token', clock);
    fridge.powerOn();
    await new Promise((resolve) => setTimeout(resolve, 300));
    clock.advance(5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fridge.isOnline).toBe(false);
    expect(fridge.connects).toBe(0);
    expect(on('hello')).toHaveLength(0);
    fridge.powerOff();
  });

  it('signs in, publishes hello, heartbeat and telemetry, and executes a twice-delivered open_door once', async () => {
    const clock = new ManualClock(Date.now());
    const fridge = makeFridge(TOKEN, clock);
    fridge.powerOn();
    await waitFor(() => on('hello').length === 1, 'hello');
    expect(on('hello')[0]).toMatchObject({ v: 1, boot: 0, seq: 0, platform: 'vitrina-sim' });
    await waitFor(() => on('telemetry').length === 1, 'telemetry on connect');

    clock.advance(60_000);
    await waitFor(() => on('heartbeat').length === 2 && on('telemetry').length === 2, 'heartbeat and telemetry');

    const open: TDeviceCommandMessage = {
      v: 1,
      id: '7d1c9a52-3f0e-4b8a-9c61-2a4e5f6b7c8d',
      type: 'open_door',
      params: { session_kind: 'customer' },
      issued_at: clock.now(),
      expires_at: clock.now() + 60_000,
    };
    await sendCommand(open);
    await sendCommand(open);
    await waitFor(() => fridge.commands.executed === 1, 'the command to arrive');
    clock.advance(1_000);
    await waitFor(() => on('ack').length === 1, 'the ack');
    clock.advance(60_000);
    await waitFor(
      () => on('door-session').length === 2 && on('inventory').length === 1,
      'the session to close and the inventory',
    );
    // Give a stray second ack time to show up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const acks = on('ack') as TDeviceAck[];
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ command_id: open.id, status: 'done' });
    const sessions = on('door-session') as TDeviceDoorSession[];
    expect(sessions.map((s) => [s.state, s.command_id])).toEqual([
      ['opened', open.id],
      ['closed', open.id],
    ]);
    expect(fridge.commands.executed).toBe(1);

    // A lost connection: the broker publishes the will, naming this connection's hello.
    fridge.inject('connection-loss');
    await waitFor(() => on('status').length === 1, 'the last will');
    expect(on('status')[0]).toEqual({ v: 1, status: 'offline', boot: 0, seq: 0 });
    clock.advance(3 * 60_000);
    await waitFor(() => on('hello').length === 2, 'the reconnect');
    const seqs = received
      .filter((r) => r.serial === SERIAL && r.channel !== 'status')
      .map((r) => r.message.seq as number);
    expect(new Set(seqs).size).toBe(seqs.length);
    fridge.powerOff();
    await waitFor(() => on('status').length === 2, 'the goodbye');
    expect(on('status')[1]).toMatchObject({ boot: 0, seq: (on('hello')[1] as { seq: number }).seq });
  });
});
