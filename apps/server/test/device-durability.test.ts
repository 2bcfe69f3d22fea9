import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_PROTOCOL_VERSION, deviceTopic, SALE_STATUS, ZFleetFile } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { DEMO_FLEET_FILE } from '../src/demo/demo-fleet.js';
import { cleanUp, exited, newFolder, type Started, startServer } from './server-process.js';

/**
 * Acknowledged means stored (DESIGN §10, issue 23): a fridge publishes customer door sessions at
 * QoS 1 to the embedded broker of a real server process, which is killed with SIGKILL at random
 * points mid-burst and restarted on the same folder. The fridge behaves as firmware does: it
 * forgets a message once it has its PUBACK and sends again, with the same payload, whatever was
 * not acknowledged when the connection died. Every acknowledged `closed` must be a stored,
 * closed sale, exactly once.
 */
const SESSIONS = 120;
const KILLS = 3;
/** QoS 1 messages a fridge has in flight at most (its receive window; below the replay window of 32). */
const IN_FLIGHT = 8;

const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: the kill points from the printed seed. */
function random(state: number) {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

afterAll(cleanUp);

type Outgoing = { topic: string; payload: string; session: string; state: 'opened' | 'closed' };

/** A fridge with its unacknowledged messages "in flash": a new MQTT connection per server life. */
class Fridge {
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

  async connect(port: number): Promise<void> {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
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

const brokerPort = (server: Started) => {
  const port = /embedded MQTT broker on port (\d+)/.exec(server.output())?.[1];
  if (!port) throw new Error(`no broker port in:\n${server.output()}`);
  return Number(port);
};

describe('device messages across SIGKILL (embedded broker)', { timeout: 120_000 }, () => {
  it('stores every acknowledged door session once, however often the server is killed mid-burst', async () => {
    const next = random(seed);
    let server = await startServer(() => newFolder('vitrina-device-kill-'));
    const { dataDir } = server;
    const fleet = ZFleetFile.parse(JSON.parse(fs.readFileSync(path.join(dataDir, DEMO_FLEET_FILE), 'utf8')));
    const credentials = fleet.find((fridge) => fridge.serial === 'E2E-1001')!;

    // A kill after a random number of acknowledgements in each life of the server but the last.
    let killAfter = 0;
    /** Acknowledgements before each kill. */
    const lives: number[] = [];
    const plan = () => 1 + Math.floor(next() * 60);
    const fridge = new Fridge(credentials.serial, credentials.token, () => {
      killAfter -= 1;
      if (killAfter === 0) server.child.kill('SIGKILL');
    });

    for (let life = 0; ; life++) {
      killAfter = life < KILLS ? plan() : -1;
      lives.push(killAfter);
      await fridge.connect(brokerPort(server));
      while (fridge.sessions < SESSIONS || fridge.pendingClose) {
        if (!(await fridge.sendNext())) break;
      }
      if (await fridge.drained()) break;
      // Killed: whatever was not acknowledged stays in flash for the next life.
      await fridge.close();
      await exited(server.child);
      server = await startServer(dataDir);
    }
    await fridge.close();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      const closes = [...fridge.acknowledgedCloses];
      const rows = (await database.db.execute(sql`
        SELECT s.id AS session, s.closed_at IS NOT NULL AS closed, t.status, count(t.id) OVER (PARTITION BY s.id) AS sales
        FROM door_sessions s LEFT JOIN transactions t ON t.door_session_id = s.id
        WHERE s.id = ANY(${`{${closes.join(',')}}`}::uuid[])`)) as unknown as {
        rows: { session: string; closed: boolean; status: number | null; sales: number | string }[];
      };
      const found = new Map(rows.rows.map((row) => [row.session, row]));
      const missing = closes.filter((id) => !found.has(id));
      const notClosed = rows.rows.filter((row) => !row.closed).map((row) => row.session);
      const notOnce = rows.rows.filter((row) => Number(row.sales) !== 1).map((row) => row.session);
      const stuck = rows.rows.filter((row) => row.status === SALE_STATUS.new).map((row) => row.session);
      console.log(
        `device kill test: seed ${seed}, ${KILLS} kills after ${lives.slice(0, KILLS).join('/')} acks, ` +
          `${fridge.sessions} sessions, ${fridge.acknowledged} messages acknowledged (${fridge.resent} re-sent after a kill), ` +
          `${closes.length} closes acknowledged: ${missing.length} missing, ${notClosed.length} not closed, ` +
          `${notOnce.length} not one sale, ${stuck.length} stuck at status 0`,
      );
      expect(fridge.sessions).toBe(SESSIONS);
      expect(closes).toHaveLength(SESSIONS);
      expect({ missing, notClosed, notOnce, stuck }).toEqual({ missing: [], notClosed: [], notOnce: [], stuck: [] });
    } finally {
      await database.close();
    }
  });
});
