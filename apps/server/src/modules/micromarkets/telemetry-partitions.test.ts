import { DEVICE_MAX_CLOCK_SKEW_MS } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import type { Db } from '../../db/client.js';
import { telemetryHourly } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { rowsOf } from '../../lib/sql.js';
import { JobRunner } from '../jobs/index.js';
import { registerMicromarketJobs } from './micromarkets-jobs.js';
import { insertTelemetry } from './telemetry.repository.js';
import { HOURLY_TELEMETRY, listPartitions, RAW_TELEMETRY } from './telemetry-partitions.repository.js';
import { keepTelemetryPartitions, type TelemetryRetention } from './telemetry-retention.service.js';

/**
 * The telemetry tables' partitions (migration 0050, docs/decisions/135-telemetry-partitions.md):
 * the `telemetry.retention` job makes today and the days ahead (this month and the next for the
 * hourly rollup), drops the days and months past their retention, and gives the rows the default
 * partition caught a partition of their own. Each test sets the clock to a year of its own, and
 * names only its own partitions: another test's may come and go in the same database.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION: TelemetryRetention = { rawDays: 7, hourlyMonths: 13 };

const clock = new TestClock();
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const keep = () => keepTelemetryPartitions(ctx.app.services, RETENTION);

async function fridge(): Promise<number> {
  const tenant = await createTenant(db);
  return insertMicromarket(db, tenant.org.main, uniqueName('Partitioned'));
}

/** Partition names of a table whose period starts with `prefix` (a year: the test's own). */
async function partitionsIn(table: typeof RAW_TELEMETRY, prefix: string): Promise<string[]> {
  return (await listPartitions(db, table))
    .map((partition) => partition.name)
    .filter((name) => name.startsWith(`${table.table}_p${prefix}`));
}

/** Where each sample of the fridge landed, oldest first. */
async function placesOf(micromarketId: number) {
  const result = await db.execute(sql`
    SELECT at, tableoid::regclass::text AS partition FROM telemetry WHERE micromarket_id = ${micromarketId} ORDER BY at`);
  return rowsOf<{ at: string | Date; partition: string }>(result).map((row) => ({
    at: new Date(row.at).toISOString(),
    partition: row.partition,
  }));
}

const sample = (micromarketId: number, at: number) => ({ micromarketId, at: new Date(at), temperature: 4 });

describe('telemetry partitions', () => {
  it('are made ahead by the job: today and three days, this month and the next', async () => {
    clock.set(Date.UTC(2031, 4, 10, 10, 0));
    const runner = new JobRunner({ db, clock });
    registerMicromarketJobs(runner, {
      ctx: ctx.app.services,
      presence: { sweepSilent: async () => {} },
      telemetryRetention: RETENTION,
    });
    await runner.scheduleRecurring();
    await runner.runDue();
    expect(await partitionsIn(RAW_TELEMETRY, '2031')).toEqual([
      'telemetry_p20310510',
      'telemetry_p20310511',
      'telemetry_p20310512',
      'telemetry_p20310513',
    ]);
    expect(await partitionsIn(HOURLY_TELEMETRY, '2031')).toEqual([
      'telemetry_hourly_p203105',
      'telemetry_hourly_p203106',
    ]);
    // An hour on, the job runs again and finds nothing to do; a day on, one more day ahead.
    clock.advance(HOUR);
    await runner.runDue();
    expect(await partitionsIn(RAW_TELEMETRY, '2031')).toHaveLength(4);
    clock.advance(DAY);
    await runner.runDue();
    expect((await partitionsIn(RAW_TELEMETRY, '2031')).at(-1)).toBe('telemetry_p20310514');
  });

  it('take an insert for now, for a device clock off either way across midnight, and for a day not made', async () => {
    const now = Date.UTC(2033, 1, 28, 23, 58);
    clock.set(now);
    await keep();
    const id = await fridge();
    // Stored at the server's time (a device's `ts` only re-anchors), but a skewed one lands too.
    await insertTelemetry(db, [
      sample(id, now),
      sample(id, now + DEVICE_MAX_CLOCK_SKEW_MS),
      sample(id, now - DEVICE_MAX_CLOCK_SKEW_MS),
      sample(id, now + 30 * DAY),
    ]);
    expect(await placesOf(id)).toEqual([
      { at: new Date(now - DEVICE_MAX_CLOCK_SKEW_MS).toISOString(), partition: 'telemetry_p20330228' },
      { at: new Date(now).toISOString(), partition: 'telemetry_p20330228' },
      { at: new Date(now + DEVICE_MAX_CLOCK_SKEW_MS).toISOString(), partition: 'telemetry_p20330301' },
      // Beyond the days made ahead: the default partition, until its day comes near.
      { at: new Date(now + 30 * DAY).toISOString(), partition: 'telemetry_default' },
    ]);
    clock.advance(27 * DAY);
    expect((await keep()).raw.created).toContain('telemetry_p20330330');
    expect((await placesOf(id)).at(-1)).toEqual({
      at: new Date(now + 30 * DAY).toISOString(),
      partition: 'telemetry_p20330330',
    });
  });

  it('are dropped whole once a day is past the retention, and the default’s old rows deleted', async () => {
    const start = Date.UTC(2035, 6, 1, 12, 0);
    clock.set(start);
    await keep();
    const id = await fridge();
    // A sample every six hours for four days (the last two beyond the days made ahead, so in the
    // default partition), and one the default caught long ago.
    const samples = Array.from({ length: 16 }, (_, i) => sample(id, start + i * 6 * HOUR));
    await insertTelemetry(db, [...samples, sample(id, start - 40 * DAY)]);
    expect(await placesOf(id)).toHaveLength(17);

    // Seven days and a half on (07-09 00:00): 07-01 ended more than seven days ago, 07-02 did not;
    // 07-05's samples get their day, the old one in the default is deleted.
    clock.set(start + 7 * DAY + 12 * HOUR);
    const { raw } = await keep();
    expect(raw.dropped).toEqual(expect.arrayContaining(['telemetry_p20350701']));
    expect(raw.dropped).not.toContain('telemetry_p20350702');
    expect(raw.created).toEqual(expect.arrayContaining(['telemetry_p20350705', 'telemetry_p20350709']));
    const kept = await placesOf(id);
    expect(kept.map((row) => row.partition)).toEqual([
      ...Array(4).fill('telemetry_p20350702'),
      ...Array(4).fill('telemetry_p20350703'),
      ...Array(4).fill('telemetry_p20350704'),
      ...Array(2).fill('telemetry_p20350705'),
    ]);
    expect(await partitionsIn(RAW_TELEMETRY, '2035070')).toEqual([
      'telemetry_p20350702',
      'telemetry_p20350703',
      'telemetry_p20350704',
      'telemetry_p20350705',
      'telemetry_p20350709',
    ]);
    // Running again drops nothing more until another day ends past the retention.
    expect((await keep()).raw).toEqual({ created: [], dropped: [] });
  });

  it('keep the hourly rollup for this month and the thirteen before it, whole months', async () => {
    const start = Date.UTC(2037, 0, 15, 8, 0);
    clock.set(start);
    await keep();
    const id = await fridge();
    const hour = (at: number) => ({ micromarketId: id, hour: new Date(at), samples: 60, temperatureAvg: 5 });
    await db.insert(telemetryHourly).values([hour(start - HOUR), hour(start + 20 * DAY), hour(start + 40 * DAY)]);

    // Fourteen months on (2038-03-15): this month and the thirteen before it are 2037-02 … 2038-03.
    clock.set(Date.UTC(2038, 2, 15, 8, 0));
    const { hourly } = await keep();
    expect(hourly.dropped).toContain('telemetry_hourly_p203701');
    expect(hourly.dropped).not.toContain('telemetry_hourly_p203702');
    expect(hourly.created).toEqual(expect.arrayContaining(['telemetry_hourly_p203803', 'telemetry_hourly_p203804']));
    const left = await db.execute(sql`
      SELECT hour, tableoid::regclass::text AS partition FROM telemetry_hourly WHERE micromarket_id = ${id} ORDER BY hour`);
    expect(
      rowsOf<{ hour: string | Date; partition: string }>(left).map((row) => [
        new Date(row.hour).toISOString(),
        row.partition,
      ]),
    ).toEqual([
      [new Date(start + 20 * DAY).toISOString(), 'telemetry_hourly_p203702'],
      [new Date(start + 40 * DAY).toISOString(), 'telemetry_hourly_p203702'],
    ]);
  });
});
