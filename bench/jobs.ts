/**
 * One job runner for everything (docs/decisions/134-one-job-runner.md): N jobs of three kinds
 * (a, b, c) queued at a steady rate against one started runner (LISTEN wake-ups, slots per
 * kind), twice in the same run: a baseline where every handler returns at once, then the same
 * load with kind c's handler hanging (15 s, a Checkbox time-out). It prints the wait (queued
 * → its handler started) of kinds a and b, p50/p99, in both, and the ratio. Target: p99 of the
 * other kinds < 1 s while c hangs. PGlite unless DATABASE_URL or --temp-postgres.
 * Measurement only: no assertions, exit 0.
 *
 *   npm run bench:jobs -- --temp-postgres
 *   npm run bench:jobs -- --jobs 3000 --rate 500 --hang-seconds 15
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { defineJob, enqueueJob, JobRunner } from '../apps/server/src/modules/jobs/index.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000' },
    /** Jobs queued per second, all kinds together. */
    rate: { type: 'string', default: '1000' },
    'hang-seconds': { type: 'string', default: '15' },
    /** Slots of each kind on the instance. */
    concurrency: { type: 'string', default: '4' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const JOBS = Number(flags.jobs);
const RATE = Number(flags.rate);
const HANG_MS = Number(flags['hang-seconds']) * 1000;
const CONCURRENCY = Number(flags.concurrency);
const say = (line: string) => process.stdout.write(`${line}\n`);
const TICK_MS = 10;

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_jobs') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-jobs-')) });
const label = adminUrl ? 'PostgreSQL' : 'PGlite';

type Phase = { waitsMs: Record<'a' | 'b' | 'c', number[]>; seconds: number; cStarted: number };

/** One load: JOBS jobs a, b, c in turn at RATE/s; resolves once every a and b job has started. */
async function runPhase(name: string, hang: boolean): Promise<Phase> {
  const payload = z.object({ n: z.number().int() });
  const kinds = {
    a: defineJob({ kind: `bench.${name}.a`, payload, concurrency: CONCURRENCY }),
    b: defineJob({ kind: `bench.${name}.b`, payload, concurrency: CONCURRENCY }),
    c: defineJob({ kind: `bench.${name}.c`, payload, concurrency: CONCURRENCY }),
  };
  const queuedAt = new Float64Array(JOBS);
  const waitsMs: Phase['waitsMs'] = { a: [], b: [], c: [] };
  const expectedOthers = JOBS - Math.floor((JOBS + 1) / 3);
  let othersStarted = 0;
  let releaseHang!: () => void;
  const hangOver = new Promise<void>((resolve) => {
    releaseHang = resolve;
  });
  let allStarted!: () => void;
  const othersDone = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const runner = new JobRunner({
    db: database.db,
    clock: systemClock,
    listen: (channel, handlers) => database.listen(channel, handlers),
  });
  for (const key of ['a', 'b', 'c'] as const) {
    runner.register(kinds[key], async ({ n }) => {
      waitsMs[key].push(performance.now() - queuedAt[n]!);
      if (key === 'c') {
        if (hang) await Promise.race([hangOver, new Promise((resolve) => setTimeout(resolve, HANG_MS))]);
        return;
      }
      othersStarted += 1;
      if (othersStarted === expectedOthers) allStarted();
    });
  }
  await runner.start();
  const started = performance.now();
  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  let next = 0;
  const enqueueing: Promise<unknown>[] = [];
  while (next < JOBS) {
    const tickStart = performance.now();
    const batch: Promise<unknown>[] = [];
    for (let i = 0; i < perTick && next < JOBS; i++, next++) {
      const n = next;
      const kind = [kinds.a, kinds.b, kinds.c][n % 3]!;
      queuedAt[n] = performance.now();
      batch.push(enqueueJob(database.db, kind, { n }, { now: new Date() }));
    }
    enqueueing.push(...batch);
    await Promise.all(batch);
    const spent = performance.now() - tickStart;
    if (spent < TICK_MS) await new Promise((resolve) => setTimeout(resolve, TICK_MS - spent));
  }
  await Promise.all(enqueueing);
  await othersDone;
  const seconds = (performance.now() - started) / 1000;
  const cStarted = waitsMs.c.length;
  releaseHang();
  await runner.stop(hang ? 0 : 10_000);
  await database.db.execute(sql`DELETE FROM jobs WHERE kind LIKE ${`bench.${name}.%`}`);
  return { waitsMs, seconds, cStarted };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
function report(title: string, phase: Phase) {
  const others = [...phase.waitsMs.a, ...phase.waitsMs.b];
  say(
    `${title}: a+b wait p50 ${fmt(percentile(others, 50))} ms, p99 ${fmt(percentile(others, 99))} ms ` +
      `(a p99 ${fmt(percentile(phase.waitsMs.a, 99))}, b p99 ${fmt(percentile(phase.waitsMs.b, 99))}); ` +
      `c started ${phase.cStarted}; all a+b started in ${phase.seconds.toFixed(1)} s`,
  );
  return percentile(others, 99);
}

try {
  await database.migrate();
  say(
    `${label}: ${JOBS} jobs of kinds a, b, c at ${RATE}/s, ${CONCURRENCY} slots per kind, ` +
      `c hanging ${HANG_MS / 1000} s in the second run (load average before: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  const baseline = await runPhase('baseline', false);
  const baseP99 = report('baseline (c returns at once)', baseline);
  const hanging = await runPhase('hanging', true);
  const hangP99 = report(`c hangs ${HANG_MS / 1000} s     `, hanging);
  say(
    `a+b p99 wait with c hanging / baseline: ${(hangP99 / baseP99).toFixed(2)}× ` +
      `(target: < 1 s while c hangs: ${hangP99 < 1000 ? 'met' : 'NOT met'}); load average after: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
} finally {
  await database.close();
  temp?.stop();
}
