/**
 * Device ingest benchmark: N simulated fridges connect over MQTT to a server started in this
 * process (embedded broker; PGlite unless DATABASE_URL names a PostgreSQL server) and publish
 * telemetry at a steady rate. It prints, for the measured window:
 *   - telemetry messages stored per second (rows that reached the `telemetry` table during the window),
 *   - publish → stored latency p50/p99 (the row seen by a 25 ms poll of the table),
 *   - publish → live feed latency p50/p99 (the `micromarket.state` event on `app.live`,
 *     which coalesces per micromarket and flushes every 200 ms, so only the latest sample
 *     of each flush is delivered and timed),
 *   - a plain batched INSERT of the same number of rows (drizzle, batches of 500, as the telemetry
 *     buffer wrote before it unnested columns), measured in the same run on the same database, and the ratio.
 * Measurement only: no assertions, exit 0.
 *
 *   npm run bench:ingest
 *   npm run bench:ingest -- --fridges 500 --rate 2 --seconds 20
 *   npm run bench:ingest -- --temp-postgres          (a throwaway cluster from the machine's PostgreSQL)
 *   DATABASE_URL=postgres://… npm run bench:ingest   (a database `vitrina_bench_ingest` is made there)
 *   npm run bench:ingest -- --temp-postgres --fridges 10000 --rate 0.5 --processes 2 --warmup 15 --seconds 30
 *                       (the fridges' connections in 2 worker processes: one process cannot hold
 *                        both ends of 10,000 sockets under a 20,000-descriptor limit; the longer
 *                        warm-up lets 10,000 hellos drain, or the window measures their backlog)
 *
 * Each sample carries a temperature unique for its fridge within the run's window (2.00 …
 * 6.99 °C, in the safe range, so no alert work is mixed in), which is how a stored row and a
 * live event are matched to the publish they came from. Publisher, broker, gateway and
 * database share this process (or, with --processes, the machine) and the machine's cores,
 * as on a small single-node install. Times are epoch milliseconds (performance.timeOrigin +
 * performance.now()), comparable across the worker processes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gt, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { micromarkets, organizations, telemetry } from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { type BenchFridge, epochNow, FridgeFleet, type Published, sampleKey } from './fridge-fleet.js';
import { FridgeProcesses } from './fridge-processes.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    processes: { type: 'string', default: '0' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const FRIDGES = Number(flags.fridges);
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const WARMUP_SECONDS = Number(flags.warmup);
const PROCESSES = Number(flags.processes);
const POLL_MS = 25;
const INSERT_BATCH = 500;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function openBenchDatabase(tempUrl: string | null) {
  const adminUrl = process.env.DATABASE_URL || tempUrl;
  if (adminUrl) {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench_ingest');
    return { database: await openDatabase({ databaseUrl: url }), label: 'PostgreSQL', dataDir: null };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-ingest-'));
  return { database: await openDatabase({ dataDir }), label: 'PGlite', dataDir };
}

async function main() {
  const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
  const { database, label, dataDir } = await openBenchDatabase(temp?.url ?? null);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-ingest-files-'));
  try {
    await database.migrate();
    const [org] = await database.db
      .insert(organizations)
      .values({ name: `Bench ${randomUUID().slice(0, 8)}` })
      .returning({ id: organizations.id });
    const fridges: BenchFridge[] = [];
    for (let start = 0; start < FRIDGES; start += 500) {
      const batch = Array.from({ length: Math.min(500, FRIDGES - start) }, (_, i) => ({
        serial: `BENCH-${start + i}-${randomUUID().slice(0, 8)}`,
        token: randomUUID(),
      }));
      const rows = await database.db
        .insert(micromarkets)
        .values(
          batch.map((fridge) => ({
            orgId: org!.id,
            name: fridge.serial,
            serialNumber: fridge.serial,
            tokenHash: hashToken(fridge.token),
          })),
        )
        .returning({ id: micromarkets.id, serial: micromarkets.serialNumber });
      const bySerial = new Map(batch.map((fridge) => [fridge.serial, fridge.token]));
      for (const row of rows) fridges.push({ id: row.id, serial: row.serial, token: bySerial.get(row.serial)! });
    }

    const app = await buildApp({
      database,
      config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir: filesDir },
      logger: false,
      mqtt: { port: 0, host: '127.0.0.1' },
    });
    await app.ready();
    const url = `mqtt://127.0.0.1:${app.gateway!.port}`;

    // What was published when, and what arrived where.
    const publishedAt = new Map<string, number>();
    let windowStart = 0;
    let windowEnd = 0;
    let published = 0;
    const storedLatencies: number[] = [];
    const liveLatencies: number[] = [];
    let storedInWindow = 0;
    let liveEvents = 0;
    // A worker process reports its publishes every 100 ms, so a row or event can be seen before
    // its publish is known here: kept by key until the report comes.
    const seenEarly = { stored: new Map<string, number>(), live: new Map<string, number>() };

    const unsubscribe = app.live.subscribe((message) => {
      if (message.kind !== 'event' || message.event.topic !== 'micromarket.state') return;
      const temperature = (message.event.data as { temperature?: unknown }).temperature;
      if (typeof temperature !== 'number') return;
      const key = sampleKey(Number(message.event.id), temperature);
      const sent = publishedAt.get(key);
      if (sent === undefined) {
        if (PROCESSES > 0) seenEarly.live.set(key, epochNow());
        return;
      }
      liveEvents += 1;
      liveLatencies.push(epochNow() - sent);
    });

    let lastId = 0;
    let polling = true;
    const poll = async () => {
      while (polling) {
        const rows = await database.db
          .select({ id: telemetry.id, micromarketId: telemetry.micromarketId, temperature: telemetry.temperature })
          .from(telemetry)
          .where(gt(telemetry.id, lastId))
          .orderBy(telemetry.id)
          .limit(20_000);
        const now = epochNow();
        for (const row of rows) {
          lastId = Math.max(lastId, row.id);
          if (now >= windowStart && now <= windowEnd) storedInWindow += 1;
          if (row.temperature === null) continue;
          const key = sampleKey(row.micromarketId, row.temperature);
          const sent = publishedAt.get(key);
          if (sent === undefined) {
            if (PROCESSES > 0) seenEarly.stored.set(key, now);
            continue;
          }
          storedLatencies.push(now - sent);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    const onPublish = ({ key, sentAt }: Published) => {
      const stored = seenEarly.stored.get(key);
      const live = seenEarly.live.get(key);
      seenEarly.stored.delete(key);
      seenEarly.live.delete(key);
      if (sentAt < windowStart || sentAt > windowEnd) {
        publishedAt.delete(key);
        return;
      }
      publishedAt.set(key, sentAt);
      published += 1;
      if (stored !== undefined && stored >= sentAt) storedLatencies.push(stored - sentAt);
      if (live !== undefined && live >= sentAt) {
        liveEvents += 1;
        liveLatencies.push(live - sentAt);
      }
    };
    const fleet = PROCESSES > 0 ? new FridgeProcesses(PROCESSES, url, onPublish) : new FridgeFleet(url, onPublish);
    say(
      `Connecting ${FRIDGES} fridges to the embedded broker (${label})` +
        (PROCESSES > 0 ? ` from ${PROCESSES} worker processes…` : '…'),
    );
    const connectStart = performance.now();
    await fleet.connect(fridges);
    await app.gateway!.settle();
    say(`  connected and said hello in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`);
    windowStart = Number.POSITIVE_INFINITY;
    windowEnd = Number.POSITIVE_INFINITY;
    fleet.start(RATE);
    const poller = poll();

    say(`Warming up ${WARMUP_SECONDS} s, then measuring ${SECONDS} s at ${RATE} msg/s per fridge…`);
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    windowStart = epochNow();
    windowEnd = windowStart + SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    // In-process fridges stop publishing (and disconnect after the count); workers stop and disconnect now.
    if (fleet instanceof FridgeFleet) fleet.stop();
    else await fleet.close();
    // Let the last samples of the window arrive (or not) before counting.
    const drainUntil = performance.now() + 10_000;
    while (storedLatencies.length < published && performance.now() < drainUntil) {
      await app.gateway!.settle();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    polling = false;
    await poller;
    unsubscribe();
    const stats = app.gateway!.stats.snapshot();
    if (fleet instanceof FridgeFleet) await fleet.close();
    await app.close();

    // The same number of rows through a plain batched INSERT, on the same database.
    const offered = FRIDGES * RATE;
    const count = Math.max(storedLatencies.length, 1);
    const at = new Date();
    const rows = Array.from({ length: count }, (_, i) => ({
      micromarketId: fridges[i % fridges.length]!.id,
      at,
      temperature: 4,
      defrosting: false,
      doorOpen: false,
      weights: [1000, 1100, 1200, 1300],
      tilt: 0.4,
    }));
    const insertStart = performance.now();
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await database.db.insert(telemetry).values(rows.slice(start, start + INSERT_BATCH));
    }
    const insertSeconds = (performance.now() - insertStart) / 1000;
    const [{ total } = { total: 0 }] = (
      (await database.db.execute(sql`select count(*)::int as total from telemetry`)) as unknown as {
        rows: { total: number }[];
      }
    ).rows;

    const storedPerSecond = storedInWindow / SECONDS;
    const plainPerSecond = count / insertSeconds;
    const ms = (values: number[], p: number) => (values.length ? `${percentile(values, p).toFixed(1)} ms` : 'n/a');
    say('');
    say(
      `Device ingest benchmark on ${label}: ${FRIDGES} fridges × ${RATE} msg/s (offered ${offered} msg/s), ` +
        `${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up; ${os.cpus().length} cores, ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
    );
    say(
      `  published in window            ${published}  (${(published / SECONDS).toFixed(0)} msg/s achieved` +
        `${published < 0.95 * offered * SECONDS ? "; below the offered rate: the publishers' timers were starved by the work in this process" : ''})`,
    );
    say(`  stored in window               ${storedInWindow}  (${storedPerSecond.toFixed(0)} msg/s)`);
    say(`  stored of published (drained)  ${storedLatencies.length} / ${published}`);
    say(`  publish → stored     p50 ${ms(storedLatencies, 50)}   p99 ${ms(storedLatencies, 99)}`);
    say(
      `  publish → live feed  p50 ${ms(liveLatencies, 50)}   p99 ${ms(liveLatencies, 99)}   (${liveEvents} events; coalesced per fridge per 200 ms flush)`,
    );
    say(
      `  plain batched INSERT           ${count} rows in ${insertSeconds.toFixed(2)} s (${plainPerSecond.toFixed(0)} rows/s)`,
    );
    say(
      `  stored msg/s ÷ plain INSERT rows/s  ${(storedPerSecond / plainPerSecond).toFixed(3)}  ` +
        (storedPerSecond < 0.95 * (published / SECONDS)
          ? '(stored below published: the ingest pipeline is the limit, its queue and latency grow)'
          : `(capped by the offered ${offered} msg/s; raise --fridges/--rate to find the ceiling)`),
    );
    say(
      `  gateway: received ${stats.received}, accepted ${stats.accepted}, rejected ${JSON.stringify(stats.rejected)}`,
    );
    say(`  telemetry rows in the table    ${total}`);
  } finally {
    await database.close();
    temp?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
