import { randomUUID } from 'node:crypto';
import { DEVICE_PROTOCOL_VERSION, deviceTopic, SALE_STATUS } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../../src/db/client.js';
import { exited, type Started } from '../server-process.js';

/**
 * A fridge for the fault tests (device-durability, external-broker faults): it keeps what it
 * published at QoS 1 "in flash" until the PUBACK, as firmware does, and on every new connection
 * sends again, with the same payload, whatever the last one left unacknowledged. Every
 * acknowledged `closed` must then be a stored sale, exactly once.
 */
/** QoS 1 messages a fridge has in flight at most (its receive window; below the replay window of 32). */
export const IN_FLIGHT = 8;

/** mulberry32: the kill points from the printed seed. */
export function random(state: number) {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Outgoing = { topic: string; payload: string; session: string; state: 'opened' | 'closed' };

/** A fridge with its unacknowledged messages "in flash": a new MQTT connection per server life. */
export class Fridge {
  /** Sent or to send, not acknowledged yet, in order. */
  readonly unacked: Outgoing[] = [];
  readonly acknowledgedCloses = new Set<string>();
  acknowledged = 0;
  resent = 0;
  sessions = 0;
  private nextState: 'opened' | 'closed' = 'opened';
  private current = { id: '', openedAt: 0 };
  private seq = 0;
  private client: MqttClient | null = null;
  private wake: (() => void) | null = null;

  constructor(
    readonly serial: string,
    private readonly token: string,
    private readonly onAck: () => void,
  ) {}

  /** A port of the embedded broker on this machine, or a broker's URL. */
  async connect(where: number | string): Promise<void> {
    const url = typeof where === 'number' ? `mqtt://127.0.0.1:${where}` : where;
    const client = await mqtt.connectAsync(url, {
      clientId: this.serial,
      username: this.serial,
      password: this.token,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    this.client = client;
    client.on('close', () => {
      if (this.client === client) this.client = null;
      this.notify();
    });
    // What the last connection left unacknowledged goes first, as the MQTT session would re-send it.
    for (const message of [...this.unacked]) {
      this.resent += 1;
      this.publish(client, message);
    }
    // Not kept in flash: a new connection says hello anew.
    client.publish(deviceTopic(this.serial, 'hello'), this.envelope({ firmware: '2.4.1', platform: 'vf-rfid-2' }), {
      qos: 1,
    });
  }

  /** A session opened whose `closed` is not sent yet. */
  get pendingClose(): boolean {
    return this.nextState === 'closed';
  }

  /** Waits for a free slot in the window; false when the connection died meanwhile. */
  async slot(): Promise<boolean> {
    while (this.client && this.unacked.length >= IN_FLIGHT) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.client !== null;
  }

  /**
   * The next message of the burst: sessions one after another, `opened` then `closed`, each
   * kept in flash before it is sent. False when the connection died waiting for a slot.
   */
  async sendNext(): Promise<boolean> {
    if (!(await this.slot())) return false;
    const state = this.nextState;
    if (state === 'opened') this.current = { id: randomUUID(), openedAt: Date.now() };
    const { id, openedAt } = this.current;
    const payload = this.envelope({
      id,
      state,
      kind: 'customer',
      opened_at: openedAt,
      ...(state === 'closed' ? { closed_at: Date.now(), taken_tags: [], detections: [] } : {}),
    });
    const message = { topic: deviceTopic(this.serial, 'door-session'), payload, session: id, state };
    this.nextState = state === 'opened' ? 'closed' : 'opened';
    if (state === 'opened') this.sessions += 1;
    this.unacked.push(message);
    this.publish(this.client!, message);
    return true;
  }

  /** Everything in flash acknowledged (or the connection gone). */
  async drained(): Promise<boolean> {
    while (this.client && this.unacked.length > 0) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.client !== null;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.endAsync(true);
  }

  private publish(client: MqttClient, message: Outgoing) {
    client.publish(message.topic, message.payload, { qos: 1 }, (error) => {
      // Called without an error only for the PUBACK.
      if (error) return;
      const index = this.unacked.indexOf(message);
      if (index < 0) return;
      this.unacked.splice(index, 1);
      this.acknowledged += 1;
      if (message.state === 'closed') this.acknowledgedCloses.add(message.session);
      this.onAck();
      this.notify();
    });
  }

  private envelope(body: Record<string, unknown>): string {
    const message = { v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: this.seq, ...body };
    this.seq += 1;
    return JSON.stringify(message);
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * What became of the fridge's acknowledged closes in the database: each must be a stored,
 * closed session with exactly one sale, none left at status 0 (`CLEAN`).
 */
export async function auditFridge(db: Db, fridge: Fridge) {
  const closes = [...fridge.acknowledgedCloses];
  const result = await db.execute(sql`
    SELECT s.id AS session, s.closed_at IS NOT NULL AS closed, t.status, count(t.id) OVER (PARTITION BY s.id) AS sales
    FROM door_sessions s LEFT JOIN transactions t ON t.door_session_id = s.id
    WHERE s.id = ANY(${`{${closes.join(',')}}`}::uuid[])`);
  const rows = (
    result as unknown as { rows: { session: string; closed: boolean; status: number | null; sales: string }[] }
  ).rows;
  const found = new Set(rows.map((row) => row.session));
  return {
    missing: closes.filter((id) => !found.has(id)).length,
    notClosed: rows.filter((row) => !row.closed).length,
    notOnce: rows.filter((row) => Number(row.sales) !== 1).length,
    stuck: rows.filter((row) => row.status === SALE_STATUS.new).length,
  };
}
export const CLEAN = { missing: 0, notClosed: 0, notOnce: 0, stuck: 0 };

/** Ends these clients' persistent sessions at the broker: a clean start with no expiry replaces each one. */
export async function endBrokerSessions(url: string, clientIds: string[]): Promise<void> {
  for (const clientId of clientIds) {
    const client = await mqtt.connectAsync(url, {
      clientId,
      protocolVersion: 5,
      clean: true,
      properties: { sessionExpiryInterval: 0 },
      reconnectPeriod: 0,
    });
    await client.endAsync();
  }
}

/** Stops server processes (SIGTERM) and ends their sessions, so nothing queues for them after the test. */
export async function stopInstances(servers: Started[], url: string, clientIds: string[]): Promise<void> {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  await endBrokerSessions(url, clientIds);
}
