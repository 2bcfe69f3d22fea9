/**
 * The fridges of the sales-close bench, in their own process (as real fridges are not in the
 * server's): each connects, says hello, then closes one customer's door session a second
 * (opened, then closed with one product seen by the scales). The bench drives it over IPC
 * and gets back, at the end, when each session's `closed` message left.
 */
import { randomUUID } from 'node:crypto';
import { DEVICE_PROTOCOL_VERSION, deviceTopic } from '@vitrina/contract';
import mqtt, { type MqttClient } from 'mqtt';

export type CustomerFridge = { serial: string; token: string };
export type SessionsCommand =
  | { kind: 'connect'; url: string; fridges: CustomerFridge[]; customerTokens: string[]; productId: number }
  | { kind: 'start' }
  | { kind: 'stop' };
export type SessionsReport =
  | { kind: 'connected' }
  /** Each session's id and when its `closed` message was published (epoch ms). */
  | { kind: 'stopped'; closed: [string, number][] }
  | { kind: 'failed'; error: string };

type Running = { serial: string; client: MqttClient; seq: number };

/** Resolves once the report has left (a long one must not be cut off by the disconnect). */
const send = (report: SessionsReport) =>
  new Promise<void>((resolve) => {
    process.send!(report, undefined, undefined, () => resolve());
  });
const running: Running[] = [];
const timers: NodeJS.Timeout[] = [];
const closed: [string, number][] = [];
let customerTokens: string[] = [];
let productId = 0;

async function connect(url: string, fridges: CustomerFridge[]) {
  for (let start = 0; start < fridges.length; start += 25) {
    await Promise.all(
      fridges.slice(start, start + 25).map(async (fridge) => {
        const client = await mqtt.connectAsync(url, {
          clientId: fridge.serial,
          username: fridge.serial,
          password: fridge.token,
          clean: true,
          reconnectPeriod: 0,
          keepalive: 300,
        });
        const item = { serial: fridge.serial, client, seq: 0 };
        await client.publishAsync(
          deviceTopic(fridge.serial, 'hello'),
          JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: item.seq++ }),
          { qos: 1 },
        );
        running.push(item);
      }),
    );
  }
}

function session(fridge: Running) {
  const id = randomUUID();
  const at = Date.now();
  const customer_token = customerTokens[Math.floor(Math.random() * customerTokens.length)]!;
  const envelope = () => ({ v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: fridge.seq++ });
  const topic = deviceTopic(fridge.serial, 'door-session');
  const opened_at = at - 10_000;
  fridge.client.publish(
    topic,
    JSON.stringify({ ...envelope(), id, state: 'opened', kind: 'customer', opened_at, customer_token }),
    { qos: 1 },
  );
  const detections = [{ product_id: productId, quantity: 1, source: 'weight', shelf: 1 }];
  fridge.client.publish(
    topic,
    JSON.stringify({
      ...envelope(),
      id,
      state: 'closed',
      kind: 'customer',
      opened_at,
      closed_at: at,
      detections,
      customer_token,
    }),
    { qos: 1 },
  );
  closed.push([id, Date.now()]);
}

process.on('message', (command: SessionsCommand) => {
  void (async () => {
    try {
      if (command.kind === 'connect') {
        customerTokens = command.customerTokens;
        productId = command.productId;
        await connect(command.url, command.fridges);
        await send({ kind: 'connected' });
      } else if (command.kind === 'start') {
        for (const fridge of running) {
          timers.push(
            setTimeout(() => {
              session(fridge);
              timers.push(setInterval(() => session(fridge), 1000));
            }, Math.random() * 1000),
          );
        }
      } else {
        for (const timer of timers) clearInterval(timer);
        await send({ kind: 'stopped', closed });
        await Promise.all(running.map((fridge) => fridge.client.endAsync(true)));
        process.disconnect();
      }
    } catch (error) {
      await send({ kind: 'failed', error: (error as Error).stack ?? String(error) });
    }
  })();
});
