/**
 * Telemetry retention at fleet size: one day of BENCH_FRIDGES fridges' telemetry, a sample a
 * minute each (10,000 fridges: 14.4 million rows), made by SQL on PostgreSQL (not through MQTT),
 * then taken away the way retention did before issue 36 and the way it does now:
 *   - before: the table as migration 0006 made it, and the hourly `DELETE` of an hour's worth of
 *     samples, followed by the VACUUM it needs (autovacuum off on that table, so the dead tuples
 *     it leaves can be counted);
 *   - now: the same day in its own partition of the partitioned `telemetry` (migration 0050),
 *     dropped whole by the retention job's own function.
 * Printed: time and dead tuples left (pg_stat_user_tables.n_dead_tup) for each, and the ratios.
 * Measurement only: it never fails on a number.
 *
 *   npm run bench:retention
 *   BENCH_FRIDGES=1000 npm run bench:retention      # a quick look
 *
 * BENCH_DATABASE_URL uses an existing server (a database `vitrina_bench_retention` is made
 * there); otherwise a throwaway cluster is started from the machine's PostgreSQL.
 */
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { TestClock } from '../apps/server/src/lib/clock.js';
import {
  createPartition,
  dropPartition,
  partitionName,
  RAW_TELEMETRY,
} from '../apps/server/src/modules/micromarkets/telemetry-partitions.repository.js';
import { keepTelemetryPartitions } from '../apps/server/src/modules/micromarkets/telemetry-retention.service.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';

const FRIDGES = Number(process.env.BENCH_FRIDGES ?? 10_000);
const SAMPLES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;
/** The day measured: far enough back that nothing else in the database touches it. */
const DAY = Date.UTC(2026, 0, 10);
const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** The day's samples of every fridge into `table`, one statement. */
function insertDay(client: pg.Client, table: string) {
  return client.query(
    `insert into ${table} (micromarket_id, at, temperature, defrosting, door_open, weights, tilt)
     select m.id, $1::timestamptz + make_interval(mins => g), 4 + ((m.id + g) % 30) / 10.0, g % 480 < 20,
       (m.id + g) % 97 = 0, array[12000 + (m.id * 7 + g) % 500, 9000 + g % 300], 0.5
     from micromarkets m, generate_series(0, ${SAMPLES_PER_DAY - 1}) g
     where m.serial_number like 'RET-%'`,
    [new Date(DAY).toISOString()],
  );
}

/** Dead tuples PostgreSQL counts in the tables named, once this session's counters are flushed. */
async function deadTuples(client: pg.Client, like: string): Promise<number> {
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ dead: string | null }>(
    'select sum(n_dead_tup)::text as dead from pg_stat_user_tables where relname like $1',
    [like],
  );
  return Number(rows[0]?.dead ?? 0);
}

async function main() {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.BENCH_DATABASE_URL ?? temp.url;
  try {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench_retention');
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`insert into organizations (name) values ('Retention bench')`);
    await client.query(
      `insert into micromarkets (org_id, name, serial_number)
       select (select max(id) from organizations), 'Fridge ' || g, 'RET-' || g from generate_series(1, $1::int) g`,
      [FRIDGES],
    );
    const rows = FRIDGES * SAMPLES_PER_DAY;
    say(
      `Telemetry retention: one day of ${FRIDGES.toLocaleString('en')} fridges, a sample a minute: ${rows.toLocaleString('en')} rows`,
    );

    // Before: the unpartitioned table of migration 0006, an hour's DELETE and its VACUUM.
    await client.query(`create table telemetry_unpartitioned (
      id bigserial primary key,
      micromarket_id integer not null references micromarkets(id) on delete cascade,
      at timestamptz not null, temperature real, defrosting boolean, door_open boolean, weights integer[], tilt real
    ) with (autovacuum_enabled = false)`);
    await client.query('create index on telemetry_unpartitioned (micromarket_id, at)');
    await client.query('create index on telemetry_unpartitioned using brin (at)');
    let made = await timed(() => insertDay(client, 'telemetry_unpartitioned'));
    await client.query('analyze telemetry_unpartitioned');
    say(`  the day into the unpartitioned table: ${seconds(made.ms)}`);
    const hourEnd = new Date(DAY + 3_600_000).toISOString();
    const deleted = await timed(() =>
      client.query('delete from telemetry_unpartitioned where at < $1::timestamptz', [hourEnd]),
    );
    const deadAfterDelete = await deadTuples(client, 'telemetry_unpartitioned');
    const vacuumed = await timed(() => client.query('vacuum telemetry_unpartitioned'));
    const deadAfterVacuum = await deadTuples(client, 'telemetry_unpartitioned');
    await client.query('drop table telemetry_unpartitioned');

    // Now: the day's own partition of `telemetry`, dropped by the retention job's function.
    await createPartition(database.db, RAW_TELEMETRY, DAY);
    made = await timed(() => insertDay(client, 'telemetry'));
    await client.query('analyze telemetry');
    say(`  the day into its partition of telemetry: ${seconds(made.ms)}`);
    const name = partitionName(RAW_TELEMETRY, DAY);
    const dropped = await timed(() => dropPartition(database.db, RAW_TELEMETRY, name));
    const deadAfterDrop = await deadTuples(client, 'telemetry%');
    // The job itself, a day past the retention: it finds the partitions to drop and make.
    const clock = new TestClock(DAY + 9 * DAY_MS);
    await createPartition(database.db, RAW_TELEMETRY, DAY + DAY_MS);
    const job = await timed(() =>
      keepTelemetryPartitions({ db: database.db, clock }, { rawDays: 7, hourlyMonths: 13 }),
    );

    const hourRows = deleted.value.rowCount ?? 0;
    const deleteAndVacuum = deleted.ms + vacuumed.ms;
    const table = [
      ['hourly DELETE (one hour)', `${hourRows.toLocaleString('en')}`, deleted.ms.toFixed(0), String(deadAfterDelete)],
      ['  then VACUUM', '', vacuumed.ms.toFixed(0), String(deadAfterVacuum)],
      ['DROP of the day’s partition', `${rows.toLocaleString('en')}`, dropped.ms.toFixed(0), String(deadAfterDrop)],
    ];
    const widths = [0, 1, 2, 3].map((i) =>
      Math.max(...[['', 'rows', 'ms', 'dead tuples left'], ...table].map((row) => row[i]!.length)),
    );
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ');
    say('');
    say(line(['', 'rows', 'ms', 'dead tuples left']));
    for (const row of table) say(line(row));
    say('');
    say(`  an hour's DELETE / the day's DROP:                 ${(deleted.ms / dropped.ms).toFixed(1)}× the time`);
    say(`  an hour's DELETE + VACUUM / the day's DROP:        ${(deleteAndVacuum / dropped.ms).toFixed(1)}× the time`);
    say(
      `  a day of hourly DELETE + VACUUM (24 × the hour) / the day's DROP: ${((24 * deleteAndVacuum) / dropped.ms).toFixed(0)}× the time`,
    );
    say(
      `  the retention job a day past the retention (finds, drops, makes ${job.value.raw.created.length} days ahead): ${job.ms.toFixed(0)} ms, dropped ${job.value.raw.dropped.join(', ') || 'nothing'}`,
    );
    say(
      `  ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${`PostgreSQL ${(await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version}`}`,
    );
    await client.end();
    await database.close();
  } finally {
    temp?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
