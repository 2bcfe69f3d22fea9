import { randomUUID } from 'node:crypto';
import {
  DEVICE_CHANNEL_QOS,
  DEVICE_PROTOCOL_VERSION,
  type DeviceUplinkChannel,
  deviceTopic,
  type TDeviceCommandMessage,
} from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../src/db/client.js';
import { micromarkets } from '../src/db/schema/index.js';
import { hashToken } from '../src/lib/crypto.js';

/** Where the tests' devices connect: the external broker of TEST_MQTT_URL, or the app's embedded one. */
export const EXTERNAL_MQTT_URL = process.env.TEST_MQTT_URL || undefined;

/** Gives a micromarket a device serial and a private token, as the panel does when it issues one. */
export async function issueToken(db: Db, micromarketId: number): Promise<{ serial: string; token: string }> {
  const token = randomUUID();
  const [row] = await db
    .update(micromarkets)
    .set({ tokenHash: hashToken(token), serialNumber: `SN-${randomUUID().slice(0, 13)}` })
    .where(eq(micromarkets.id, micromarketId))
    .returning({ serial: micromarkets.serialNumber });
  return { serial: row!.serial, token };
}

type Options = { url: string; serial: string; token: string; boot?: number; clean?: boolean };

/** A fridge speaking the protocol, as firmware would: envelope, boot, seq, last will. */
export class TestDevice {
  readonly commands: TDeviceCommandMessage[] = [];
  boot: number;
  seq = 0;
  helloSeq = 0;
  client: MqttClient | null = null;

  constructor(
    private readonly options: Options,
    private readonly now: () => number,
  ) {
    this.boot = options.boot ?? 1;
  }

  /** CONNECT (with the will of this connection), SUBSCRIBE commands, PUBLISH hello. */
  async connect(extra: { hello?: boolean } = {}): Promise<void> {
    this.helloSeq = this.seq;
    const { serial } = this.options;
    this.client = await mqtt.connectAsync(this.options.url, {
      clientId: serial,
      username: serial,
      password: this.options.token,
      clean: this.options.clean ?? false,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      will: {
        topic: deviceTopic(serial, 'status'),
        payload: Buffer.from(this.statusPayload()),
        qos: 1,
        retain: false,
      },
    });
    this.client.on('message', (_topic, payload) => {
      this.commands.push(JSON.parse(payload.toString()) as TDeviceCommandMessage);
    });
    await this.client.subscribeAsync(deviceTopic(serial, 'commands'), { qos: 1 });
    if (extra.hello !== false) await this.send('hello', { firmware: '2.4.1', platform: 'vf-rfid-2', ip: '10.0.4.17' });
  }

  statusPayload(): string {
    return JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, status: 'offline', boot: this.boot, seq: this.helloSeq });
  }

  /** Publishes a message with the next seq; `envelope` overrides any envelope field. */
  async send(channel: DeviceUplinkChannel, body: Record<string, unknown>, envelope: Record<string, unknown> = {}) {
    const message = {
      v: DEVICE_PROTOCOL_VERSION,
      ts: this.now(),
      boot: this.boot,
      seq: this.seq,
      ...body,
      ...envelope,
    };
    this.seq += 1;
    await this.publishRaw(channel, JSON.stringify(message));
    return message;
  }

  async publishRaw(channel: DeviceUplinkChannel | string, payload: string | Buffer, serial = this.options.serial) {
    const qos = (DEVICE_CHANNEL_QOS as Record<string, 0 | 1>)[channel] ?? 1;
    await this.client!.publishAsync(`vitrina/${serial}/${channel}`, payload, { qos });
  }

  async ack(command: TDeviceCommandMessage, result: Record<string, unknown> = {}) {
    await this.send('ack', { command_id: command.id, status: 'done', result });
  }

  /** Drops the TCP connection without DISCONNECT, so the broker sends the will. */
  async crash(): Promise<void> {
    const client = this.client;
    this.client = null;
    client?.stream.destroy();
    await client?.endAsync(true);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.endAsync();
  }
}

/** Connect that is expected to fail (wrong token, unknown serial): resolves with the error. */
export async function connectFails(url: string, serial: string, token: string): Promise<Error | null> {
  try {
    const client = await mqtt.connectAsync(url, {
      clientId: serial,
      username: serial,
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await client.endAsync();
    return null;
  } catch (error) {
    return error as Error;
  }
}

/** The broker a device test runs against: the embedded one on a free port, or the external one. */
export const TEST_MQTT_OPTIONS = EXTERNAL_MQTT_URL
  ? { port: 0, host: '127.0.0.1', url: EXTERNAL_MQTT_URL }
  : { port: 0, host: '127.0.0.1' };

/** Where a test device connects for a context started with TEST_MQTT_OPTIONS. */
export function testBrokerUrl(gatewayPort: number | null | undefined): string {
  return EXTERNAL_MQTT_URL ?? `mqtt://127.0.0.1:${gatewayPort}`;
}
