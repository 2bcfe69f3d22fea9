import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { TestClock } from '../../lib/clock.js';
import { backoffDelay, JobRunner } from './index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type JobState = {
  status: string;
  attempts: number;
  run_at: string | Date;
  last_error: string | null;
  key: string | null;
};

async function jobRow(id: number): Promise<JobState> {
  const result = await ctx.database.db.execute(
    sql`select status, attempts, run_at, last_error, key from jobs where id = ${id}`,
  );
  return (result as unknown as { rows: JobState[] }).rows[0]!;
}

function runnerAt(clock: TestClock) {
  return new JobRunner({ db: ctx.database.db, clock });
}

describe('job runner', () => {
  it('runs a due job once and leaves delayed ones until their time', async () => {
    const clock = new TestClock();
    const runner = runnerAt(clock);
    const seen: unknown[] = [];
    runner.register('test.collect', async ({ job, actor }) => {
      expect(actor.via).toBe('job');
      seen.push(job.payload.n);
    });
    await runner.enqueue('test.collect', { n: 1 });
    await runner.enqueue('test.collect', { n: 2 }, { runAt: new Date(clock.nowMs() + 60_000) });
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([1]);
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([1, 2]);
  });

  it('is idempotent by key while the job is unfinished', async () => {
    const clock = new TestClock();
    const runner = runnerAt(clock);
    let runs = 0;
    runner.register('test.keyed', async () => {
      runs += 1;
    });
    const first = await runner.enqueue('test.keyed', {}, { key: 'keyed-1' });
    expect(first).not.toBeNull();
    expect(await runner.enqueue('test.keyed', {}, { key: 'keyed-1' })).toBeNull();
    await runner.runDue();
    expect(runs).toBe(1);
    // Once done, the key is free again.
    expect(await runner.enqueue('test.keyed', {}, { key: 'keyed-1' })).not.toBeNull();
  });

  it('retries with exponential back-off and gives up after max attempts', async () => {
    const clock = new TestClock();
    const runner = runnerAt(clock);
    runner.register(
      'test.flaky',
      async () => {
        throw new Error('provider down');
      },
      { backoffBaseMs: 1_000 },
    );
    const id = (await runner.enqueue('test.flaky', {}, { maxAttempts: 3 }))!;
    await runner.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider down' });
    expect(new Date(row.run_at).getTime()).toBe(clock.nowMs() + 1_000);
    clock.advance(999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    await runner.runDue();
    row = await jobRow(id);
    expect(new Date(row.run_at).getTime()).toBe(clock.nowMs() + 2_000);
    clock.advance(2_000);
    await runner.runDue();
    expect((await jobRow(id)).status).toBe('failed');
    expect(backoffDelay(10, 1_000, 60_000)).toBe(60_000);
  });

  it('runs recurring jobs every interval, one per key across runners', async () => {
    const clock = new TestClock();
    const a = runnerAt(clock);
    const b = runnerAt(clock);
    let runs = 0;
    for (const runner of [a, b]) {
      runner.register(
        'test.every-minute',
        async () => {
          runs += 1;
        },
        { everyMs: 60_000 },
      );
      await runner.scheduleRecurring();
    }
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advance(30_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advance(30_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
  });

  it('hands claimed jobs back on stop and lets another worker take over an expired lease', async () => {
    const clock = new TestClock();
    const crashed = new JobRunner({ db: ctx.database.db, clock, leaseMs: 10_000 });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    crashed.register('test.slow', () => blocked);
    const id = (await crashed.enqueue('test.slow', {}))!;
    const inFlight = crashed.runDue();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');

    const other = new JobRunner({ db: ctx.database.db, clock });
    let taken = 0;
    other.register('test.slow', async () => {
      taken += 1;
    });
    expect(await other.runDue()).toBe(0);
    clock.advance(10_001);
    expect(await other.runDue()).toBe(1);
    expect(taken).toBe(1);
    release();
    await inFlight;

    const stopping = runnerAt(clock);
    stopping.register('test.stuck', () => new Promise<void>(() => {}));
    const stuck = (await stopping.enqueue('test.stuck', {}))!;
    void stopping.runDue();
    await expect.poll(async () => (await jobRow(stuck)).status).toBe('running');
    await stopping.stop(0);
    expect(await jobRow(stuck)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('survives a run the database refuses: nothing unhandled, and the next run runs', async () => {
    const clock = new TestClock();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    let isDown = true;
    // The test's database, refusing every statement while it is "down" (PostgreSQL stopped).
    const db = new Proxy(ctx.database.db, {
      get(target, key, receiver) {
        if (key === 'execute' && isDown) return () => Promise.reject(refused);
        return Reflect.get(target, key, receiver);
      },
    });
    const runner = new JobRunner({ db, clock });
    let ran = 0;
    runner.register('test.after-outage', async () => {
      ran += 1;
    });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await expect(runner.runDue()).rejects.toBe(refused);
      await expect(runner.runDue()).rejects.toBe(refused);
      // Unhandled rejections are told once the microtasks have run: a macrotask later.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
    isDown = false;
    await runner.enqueue('test.after-outage', {});
    expect(await runner.runDue()).toBe(1);
    expect(ran).toBe(1);
  });
});
