import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { api, translate } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { seedDemo } from '../../src/demo/seed.js';
import type { ApiErrorBody } from '../api-client.js';
import { EXTERNAL_MQTT_URL, issueToken } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant } from '../factories/tenant.js';
import { cleanUp, login, type Started, startBrokerServer } from '../server-process.js';
import { auditFridge, CLEAN, Fridge, stopInstances } from './fault-fridge.js';
import { type RestartablePostgres, startRestartablePostgres } from './restartable-postgres.js';

/**
 * The server rides out a database outage (DESIGN §11): a real server process, the one instance
 * behind the suite's Mosquitto (docs/device-protocol.md §8), on a PostgreSQL cluster of this
 * file's own, under HTTP load and with fridges selling over MQTT. PostgreSQL is stopped for 10 s
 * and started again. The process must live, answer 503 with the localised message while it is
 * away, answer again within 5 s of its return, and every door session the broker acknowledged to
 * a fridge must be stored exactly once. Runs only on PostgreSQL with TEST_MQTT_URL
 * (vitest.config.ts).
 */
const OUTAGE_MS = 10_000;
const BACK_WITHIN_MS = 5_000;
/** Bounds of the load: a fridge sells at most this many sessions, the HTTP loops stop with the test. */
const MAX_SESSIONS = 150;
const UNAVAILABLE = translate('errors.database_unavailable', 'en');

let postgres: RestartablePostgres;
let database: Database;
let orgId: number;

beforeAll(async () => {
  postgres = await startRestartablePostgres();
  database = await openDatabase({ databaseUrl: postgres.url });
  await database.migrate();
  await seedDemo(database.db);
  orgId = (await createTenant(database.db)).org.main;
}, 120_000);
afterAll(async () => {
  cleanUp();
  await database?.close();
  postgres?.remove();
});

type Answer = { status: number; message: string | undefined; startedAt: number; endedAt: number };

/** Asks `base` for a page that reads the database, again and again until `until()` says stop. */
async function httpLoad(base: string, token: string, until: () => boolean, answers: Answer[]): Promise<void> {
  while (!until()) {
    const startedAt = Date.now();
    let status = 0;
    let message: string | undefined;
    try {
      const response = await fetch(`${base}${api.product.list.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      status = response.status;
      message = ((await response.json()) as Partial<ApiErrorBody>).message;
    } catch {
      // The process is gone or refused the connection: status 0.
    }
    answers.push({ status, message, startedAt, endedAt: Date.now() });
    // A steady trickle, not a busy loop: the machine has two cores.
    await wait(50);
  }
}

/** Sells sessions one after another at a steady pace until `until()` or MAX_SESSIONS. */
async function sell(fridge: Fridge, until: () => boolean): Promise<void> {
  while (!until() && fridge.sessions < MAX_SESSIONS) {
    if (!(await fridge.sendNext())) return;
    await wait(40);
  }
  if (fridge.pendingClose) await fridge.sendNext();
  await fridge.drained();
}

async function newFridge(name: string): Promise<Fridge> {
  const id = await insertMicromarket(database.db, orgId, name);
  const { serial, token } = await issueToken(database.db, id);
  return new Fridge(serial, token, () => {});
}

async function status(base: string, path: string, token?: string): Promise<number> {
  try {
    const response = await fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

const alive = (server: Started) => server.child.exitCode === null && server.child.signalCode === null;

/** A failed expectation about `server` says whether it still runs and what it wrote last (its crash). */
function telling(server: Started, expectation: Promise<unknown>): Promise<unknown> {
  return expectation.catch((error: Error) => {
    throw new Error(`${error.message}; alive: ${alive(server)}, its output:\n${server.output().slice(-3000)}`);
  });
}

describe('PostgreSQL stopped for 10 s under load', { timeout: 180_000 }, () => {
  it('keeps the server up, answers 503 meanwhile, comes back by itself and loses no acknowledged sale', async () => {
    const url = EXTERNAL_MQTT_URL!;
    const clientId = `outage-${randomUUID().slice(0, 8)}`;
    const servers = [await startBrokerServer({ databaseUrl: postgres.url, mqttUrl: url, clientId })];
    const fridges = [await newFridge('Outage fridge 1'), await newFridge('Outage fridge 2')];
    const token = await login(servers[0]!.base);
    let stopLoad = false;
    const until = () => stopLoad;
    const answers = servers.map(() => [] as Answer[]);
    try {
      for (const fridge of fridges) await fridge.connect(url);
      const loads = [
        ...servers.map((server, index) => httpLoad(server.base, token, until, answers[index]!)),
        ...fridges.map((fridge) => sell(fridge, until)),
      ];
      // Under way: the server answers and the fridges' sales are being stored.
      await expect.poll(() => answers.every((list) => list.some((answer) => answer.status === 200))).toBe(true);
      const stored = async (fridge: Fridge) =>
        fridge.acknowledgedCloses.size - (await auditFridge(database.db, fridge)).missing;
      for (const fridge of fridges) await expect.poll(() => stored(fridge)).toBeGreaterThan(3);

      await postgres.stop();
      const stoppedAt = Date.now();
      for (const server of servers) {
        await telling(server, expect.poll(() => status(server.base, '/readyz'), { timeout: OUTAGE_MS / 2 }).toBe(503));
      }
      // The fault lasts its length; the load and the assertions above go on meanwhile.
      await wait(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
      const outageEnd = Date.now();
      await postgres.start();
      const backAt = Date.now();

      for (const server of servers) {
        await telling(
          server,
          expect
            .poll(() => status(server.base, api.product.list.path, token), { timeout: BACK_WITHIN_MS, interval: 100 })
            .toBe(200),
        );
      }
      expect(Date.now() - backAt).toBeLessThan(BACK_WITHIN_MS);
      for (const server of servers) expect(await status(server.base, '/readyz')).toBe(200);

      stopLoad = true;
      await Promise.all(loads);
      for (const fridge of fridges) await fridge.close();

      expect(servers.map(alive)).toEqual([true]);
      for (const [index, list] of answers.entries()) {
        const during = list.filter((answer) => answer.startedAt > stoppedAt + 500 && answer.endedAt < outageEnd);
        expect(during.length, `instance ${index} was asked during the outage`).toBeGreaterThan(10);
        expect(
          during.filter((answer) => answer.status !== 503 || answer.message !== UNAVAILABLE),
          `instance ${index}'s answers during the outage`,
        ).toEqual([]);
      }
      for (const fridge of fridges) {
        expect(fridge.acknowledgedCloses.size).toBeGreaterThan(0);
        await expect.poll(() => auditFridge(database.db, fridge), { timeout: 30_000 }).toEqual(CLEAN);
      }
      for (const server of servers) {
        expect(server.output()).not.toMatch(/unhandled|uncaught/i);
      }
    } finally {
      stopLoad = true;
      for (const fridge of fridges) await fridge.close();
      await stopInstances(servers, url, [clientId]);
    }
  });
});
