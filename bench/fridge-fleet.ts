import { randomUUID } from 'node:crypto';
import { DEVICE_KEEPALIVE_SECONDS, DEVICE_PROTOCOL_VERSION, deviceTopic } from '@vitrina/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** A simulated fridge of the ingest bench: its micromarket, credentials and protocol counters. */
export type BenchFridge = { id: number; serial: string; token: string };
/**
 * One message on its way: which fridge and sample or session (its key), when it left, in epoch
 * ms, its QoS, and for QoS 1 when the broker's PUBACK came back (it is reported only then).
 */
export type Published = { key: string; sentAt: number; qos: 0 | 1; ackedAt?: number };

/**
 * How the fridges connect. `bench` (the ingest bench's): clean session, keepalive 300 s, no
 * subscription. `firmware`: as docs/device-protocol.md §6 says a device does: clean session
 * false, keepalive 60 s, the last will, SUBSCRIBE to its commands at QoS 1, then hello.
 */
export type FleetOptions = { style: 'bench' | 'firmware'; boot: number; keepalive?: number };

/** The key of a QoS 1 door session: its id. */
export const doorKey = (sessionId: string) => `door:${sessionId}`;

const SHELVES = 4;
/** Connections a fleet opens side by side. */
const CONNECTING = 25;

/** Epoch milliseconds with sub-millisecond precision, comparable across the bench's processes. */
export const epochNow = () => performance.timeOrigin + performance.now();

export const sampleKey = (micromarketId: number, temperature: number) =>
  `${micromarketId}:${Math.round(temperature * 100)}`;

type Running = BenchFridge & {
  client: MqttClient;
  seq: number;
  timers: NodeJS.Timeout[];
};

/**
 * Fridges that connect, say hello and then publish telemetry at a steady rate, each sample
 * with a temperature unique for its fridge within the run's window (2.00 … 6.99 °C, in the
 * safe range, so no alert work is mixed in), which is how a stored row and a live event are
 * matched to the publish they came from; optionally also QoS 1 door sessions (a courier's
 * `opened`, a fresh id each), matched by their id. Used in the bench process, or in worker
 * processes (bench/fridge-worker.ts) when one process cannot hold every connection.
 */
export class FridgeFleet {
  private readonly running: Running[] = [];
  /** QoS 1 publishes not yet answered by the broker. */
  private inflight = 0;

  constructor(
    private readonly url: string,
    private readonly onPublish: (published: Published) => void,
    private readonly options: FleetOptions = { style: 'bench', boot: 1 },
  ) {}

  get size(): number {
    return this.running.length;
  }

  async connect(fridges: BenchFridge[]): Promise<void> {
    const { boot, style } = this.options;
    // 25 at a time, the next as soon as one is in: no batch waits for its slowest.
    const waiting = [...fridges];
    const connectOne = async (fridge: BenchFridge) => {
      const settings: IClientOptions = {
        clientId: fridge.serial,
        username: fridge.serial,
        password: fridge.token,
        protocolVersion: 4,
        reconnectPeriod: 0,
        connectTimeout: 60_000,
        ...(style === 'firmware'
          ? {
              clean: false,
              keepalive: DEVICE_KEEPALIVE_SECONDS,
              will: {
                topic: deviceTopic(fridge.serial, 'status'),
                payload: Buffer.from(JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, status: 'offline', boot, seq: 0 })),
                qos: 1,
                retain: false,
              },
            }
          : { clean: true, keepalive: this.options.keepalive ?? 300 }),
      };
      const client = await mqtt.connectAsync(this.url, settings);
      if (style === 'firmware') {
        const granted = await client.subscribeAsync(deviceTopic(fridge.serial, 'commands'), { qos: 1 });
        if (granted.some((grant) => grant.qos === 128)) throw new Error(`${fridge.serial}: SUBSCRIBE refused`);
      }
      const running: Running = { ...fridge, client, seq: 0, timers: [] };
      const hello = { v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot, seq: running.seq++, firmware: 'bench' };
      await client.publishAsync(deviceTopic(fridge.serial, 'hello'), JSON.stringify(hello), { qos: 1 });
      this.running.push(running);
    };
    await Promise.all(
      Array.from({ length: Math.min(CONNECTING, waiting.length) }, async () => {
        for (let fridge = waiting.shift(); fridge; fridge = waiting.shift()) await connectOne(fridge);
      }),
    );
  }

  /**
   * Every fridge publishes `rate` telemetry samples a second and `doorRate` QoS 1 door sessions
   * a second, each stream starting at a random moment of its first period.
   */
  start(rate: number, doorRate = 0): void {
    for (const fridge of this.running) {
      this.every(fridge, rate, () => this.publishTelemetry(fridge));
      this.every(fridge, doorRate, () => this.publishDoor(fridge));
    }
  }

  stop(): void {
    for (const fridge of this.running) {
      for (const timer of fridge.timers) clearTimeout(timer);
      fridge.timers = [];
    }
  }

  /** Waits (at most `timeoutMs`) for the broker's answer to every QoS 1 publish sent so far. */
  async settle(timeoutMs: number): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (this.inflight > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.running.map((fridge) => fridge.client.endAsync(true)));
    this.running.length = 0;
  }

  private every(fridge: Running, rate: number, publish: () => void): void {
    if (rate <= 0) return;
    const periodMs = 1000 / rate;
    fridge.timers.push(
      setTimeout(() => {
        publish();
        fridge.timers.push(setInterval(publish, periodMs));
      }, Math.random() * periodMs),
    );
  }

  private envelope(fridge: Running) {
    return { v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: this.options.boot, seq: fridge.seq++ };
  }

  private publishTelemetry(fridge: Running): void {
    const envelope = this.envelope(fridge);
    const temperature = 2 + (envelope.seq % 500) / 100;
    const body = {
      ...envelope,
      temperature,
      defrosting: false,
      door: 'closed',
      weights: Array.from({ length: SHELVES }, (_, shelf) => 1000 + shelf * 100 + (envelope.seq % 7)),
      tilt: 0.4,
    };
    this.onPublish({ key: sampleKey(fridge.id, temperature), sentAt: epochNow(), qos: 0 });
    fridge.client.publish(deviceTopic(fridge.serial, 'telemetry'), JSON.stringify(body), { qos: 0 });
  }

  /** A courier opens the door (no sale, no alert): one row and one history line, acknowledged once both are stored. */
  private publishDoor(fridge: Running): void {
    const id = randomUUID();
    const body = { ...this.envelope(fridge), id, state: 'opened', kind: 'courier', opened_at: Date.now() };
    const sentAt = epochNow();
    this.inflight += 1;
    fridge.client.publish(deviceTopic(fridge.serial, 'door-session'), JSON.stringify(body), { qos: 1 }, (error) => {
      this.inflight -= 1;
      // A publish the connection's end cut short is not counted: it never had its answer.
      if (!error) this.onPublish({ key: doorKey(id), sentAt, qos: 1, ackedAt: epochNow() });
    });
  }
}
