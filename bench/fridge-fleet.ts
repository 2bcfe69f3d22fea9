import { DEVICE_PROTOCOL_VERSION, deviceTopic } from '@vitrina/contract';
import mqtt, { type MqttClient } from 'mqtt';

/** A simulated fridge of the ingest bench: its micromarket, credentials and protocol counters. */
export type BenchFridge = { id: number; serial: string; token: string };
/** One telemetry sample on its way: which fridge and temperature (its key) and when it left, in epoch ms. */
export type Published = { key: string; sentAt: number };

const SHELVES = 4;

/** Epoch milliseconds with sub-millisecond precision, comparable across the bench's processes. */
export const epochNow = () => performance.timeOrigin + performance.now();

export const sampleKey = (micromarketId: number, temperature: number) =>
  `${micromarketId}:${Math.round(temperature * 100)}`;

type Running = BenchFridge & { client: MqttClient; seq: number; timer?: NodeJS.Timeout; start?: NodeJS.Timeout };

/**
 * Fridges that connect, say hello and then publish telemetry at a steady rate, each sample
 * with a temperature unique for its fridge within the run's window (2.00 … 6.99 °C, in the
 * safe range, so no alert work is mixed in), which is how a stored row and a live event are
 * matched to the publish they came from. Used in the bench process, or in worker processes
 * (bench/fridge-worker.ts) when one process cannot hold every connection.
 */
export class FridgeFleet {
  private readonly running: Running[] = [];

  constructor(
    private readonly url: string,
    private readonly onPublish: (published: Published) => void,
  ) {}

  async connect(fridges: BenchFridge[]): Promise<void> {
    for (let start = 0; start < fridges.length; start += 25) {
      await Promise.all(
        fridges.slice(start, start + 25).map(async (fridge) => {
          const client = await mqtt.connectAsync(this.url, {
            clientId: fridge.serial,
            username: fridge.serial,
            password: fridge.token,
            clean: true,
            reconnectPeriod: 0,
            connectTimeout: 60_000,
            keepalive: 300,
          });
          const running: Running = { ...fridge, client, seq: 0 };
          const hello = { v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: running.seq++, firmware: 'bench' };
          await client.publishAsync(deviceTopic(fridge.serial, 'hello'), JSON.stringify(hello), { qos: 1 });
          this.running.push(running);
        }),
      );
    }
  }

  /** Every fridge publishes `rate` samples a second, starting at a random moment of the first period. */
  start(rate: number): void {
    const periodMs = 1000 / rate;
    for (const fridge of this.running) {
      fridge.start = setTimeout(() => {
        this.publish(fridge);
        fridge.timer = setInterval(() => this.publish(fridge), periodMs);
      }, Math.random() * periodMs);
    }
  }

  stop(): void {
    for (const fridge of this.running) {
      clearTimeout(fridge.start);
      clearInterval(fridge.timer);
    }
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.running.map((fridge) => fridge.client.endAsync(true)));
  }

  private publish(fridge: Running): void {
    const seq = fridge.seq++;
    const temperature = 2 + (seq % 500) / 100;
    const body = {
      v: DEVICE_PROTOCOL_VERSION,
      ts: Date.now(),
      boot: 1,
      seq,
      temperature,
      defrosting: false,
      door: 'closed',
      weights: Array.from({ length: SHELVES }, (_, shelf) => 1000 + shelf * 100 + (seq % 7)),
      tilt: 0.4,
    };
    this.onPublish({ key: sampleKey(fridge.id, temperature), sentAt: epochNow() });
    fridge.client.publish(deviceTopic(fridge.serial, 'telemetry'), JSON.stringify(body), { qos: 0 });
  }
}
