import fs from 'node:fs';
import path from 'node:path';
import { SALE_STATUS, ZFleetFile } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { DEMO_FLEET_FILE } from '../../src/demo/demo-fleet.js';
import { cleanUp, exited, newFolder, type Started, startServer } from '../server-process.js';
import { Fridge, random } from './fault-fridge.js';

/**
 * Acknowledged means stored (DESIGN §10): a fridge publishes customer door sessions at
 * QoS 1 to the embedded broker of a real server process, which is killed with SIGKILL at random
 * points mid-burst and restarted on the same folder. The fridge behaves as firmware does: it
 * forgets a message once it has its PUBACK and sends again, with the same payload, whatever was
 * not acknowledged when the connection died. Every acknowledged `closed` must be a stored,
 * closed sale, exactly once.
 */
const SESSIONS = 120;
const KILLS = 3;

const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

afterAll(cleanUp);

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
