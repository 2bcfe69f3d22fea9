/**
 * A worker process of the reconnect bench (bench/reconnect.ts): holds a share of the fridges'
 * MQTT connections and reconnects each one the way firmware does (device-protocol.md §6) when
 * the broker goes away: every connection says `hello` with the next `boot`, so the bench can
 * tell from the micromarkets table which fridges are back.
 */
import {
  DEVICE_PROTOCOL_VERSION,
  DEVICE_RECONNECT_MIN_MS,
  deviceReconnectDelayMs,
  deviceTopic,
} from '@vitrina/contract';
import mqtt, { type MqttClient } from 'mqtt';

export type ReconnectFridge = { serial: string; token: string };
/** `lockstep`: the back-off before the spread, 1 s ±20 % for the first retry (the baseline). */
export type ReconnectPolicy = 'protocol' | 'lockstep';
export type ReconnectCommand =
  | { kind: 'connect'; url: string; fridges: ReconnectFridge[] }
  | { kind: 'policy'; policy: ReconnectPolicy }
  | { kind: 'stop' };
export type ReconnectReport = { kind: 'connected' } | { kind: 'stopped' } | { kind: 'failed'; error: string };

const send = (report: ReconnectReport) => process.send!(report);
let policy: ReconnectPolicy = 'protocol';
let stopping = false;

const delayOf = (attempt: number) =>
  policy === 'lockstep' && attempt === 0
    ? DEVICE_RECONNECT_MIN_MS * (0.8 + 0.4 * Math.random())
    : deviceReconnectDelayMs(attempt, Math.random);

class Fridge {
  client: MqttClient | null = null;
  boot = 0;
  seq = 0;
  attempts = 0;
  constructor(
    private readonly url: string,
    private readonly fridge: ReconnectFridge,
  ) {}

  /** Connects once; answers when the first hello is acknowledged (or the attempt failed). */
  connect(onFirstHello?: () => void): void {
    const client = mqtt.connect(this.url, {
      clientId: this.fridge.serial,
      username: this.fridge.serial,
      password: this.fridge.token,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      keepalive: 60,
    });
    this.client = client;
    let retried = false;
    const retry = () => {
      if (retried || stopping) return;
      retried = true;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end(true);
      setTimeout(() => this.connect(), delayOf(this.attempts++));
    };
    client.on('connect', () => {
      this.attempts = 0;
      this.boot += 1;
      const hello = { v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: this.boot, seq: this.seq++, firmware: 'bench' };
      client.publish(deviceTopic(this.fridge.serial, 'hello'), JSON.stringify(hello), { qos: 1 }, () =>
        onFirstHello?.(),
      );
    });
    client.on('close', retry);
    client.on('error', retry);
  }

  close(): Promise<void> {
    return this.client ? this.client.endAsync(true) : Promise.resolve();
  }
}

const fridges: Fridge[] = [];

process.on('message', (command: ReconnectCommand) => {
  void (async () => {
    try {
      if (command.kind === 'connect') {
        // The first connections are made 50 at a time, each waiting for its hello's PUBACK.
        for (let start = 0; start < command.fridges.length; start += 50) {
          await Promise.all(
            command.fridges.slice(start, start + 50).map(
              (credentials) =>
                new Promise<void>((resolve) => {
                  const fridge = new Fridge(command.url, credentials);
                  fridges.push(fridge);
                  fridge.connect(resolve);
                }),
            ),
          );
        }
        send({ kind: 'connected' });
      } else if (command.kind === 'policy') {
        policy = command.policy;
      } else {
        stopping = true;
        await Promise.all(fridges.map((fridge) => fridge.close()));
        send({ kind: 'stopped' });
        process.disconnect();
      }
    } catch (error) {
      send({ kind: 'failed', error: (error as Error).stack ?? String(error) });
    }
  })();
});
