import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { systemClock, TestClock } from '../../lib/clock.js';
import { backoffDelay, defineJob, enqueueJob, JobRunner } from './index.js';
import { insertJob } from './jobs.repository.js';

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
    const collect = defineJob({ kind: 'test.collect', payload: z.object({ n: z.number() }) });
    runner.register(collect, async ({ n }, { actor }) => {
      expect(actor.via).toBe('job');
      seen.push(n);
    });
    await runner.enqueue(collect, { n: 1 });
    await runner.enqueue(collect, { n: 2 }, { runAt: new Date(clock.nowMs() + 60_000) });
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
    const keyed = defineJob({ kind: 'test.keyed' });
    runner.register(keyed, async () => {
      runs += 1;
    });
    const first = await runner.enqueue(keyed, {}, { key: 'keyed-1' });
    expect(first).not.toBeNull();
    expect(await runner.enqueue(keyed, {}, { key: 'keyed-1' })).toBeNull();
    await runner.runDue();
    expect(runs).toBe(1);
    // Once done, the key is free again.
    expect(await runner.enqueue(keyed, {}, { key: 'keyed-1' })).not.toBeNull();
  });

  it('retries with exponential back-off and gives up after max attempts', async () => {
    const clock = new TestClock();
    const runner = runnerAt(clock);
    const flaky = defineJob({ kind: 'test.flaky', backoff: { baseMs: 1_000 } });
    runner.register(flaky, async () => {
      throw new Error('provider down');
    });
    const id = (await runner.enqueue(flaky, {}, { maxAttempts: 3 }))!;
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
    const everyMinute = defineJob({ kind: 'test.every-minute', everyMs: 60_000 });
    for (const runner of [a, b]) {
      runner.register(everyMinute, async () => {
        runs += 1;
      });
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
    const slow = defineJob({ kind: 'test.slow' });
    crashed.register(slow, () => blocked);
    const id = (await crashed.enqueue(slow, {}))!;
    const inFlight = crashed.runDue();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');

    const other = new JobRunner({ db: ctx.database.db, clock });
    let taken = 0;
    other.register(slow, async () => {
      taken += 1;
    });
    expect(await other.runDue()).toBe(0);
    clock.advance(10_001);
    expect(await other.runDue()).toBe(1);
    expect(taken).toBe(1);
    release();
    await inFlight;

    const stopping = runnerAt(clock);
    const stuckJob = defineJob({ kind: 'test.stuck' });
    stopping.register(stuckJob, () => new Promise<void>(() => {}));
    const stuck = (await stopping.enqueue(stuckJob, {}))!;
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
    const afterOutage = defineJob({ kind: 'test.after-outage' });
    runner.register(afterOutage, async () => {
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
    await runner.enqueue(afterOutage, {});
    expect(await runner.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('refuses a payload that does not fit the kind at enqueue, naming the field', async () => {
    const runner = runnerAt(new TestClock());
    const typed = defineJob({ kind: 'test.typed', payload: z.object({ saleId: z.number().int() }) });
    runner.register(typed, async () => {});
    // A caller that got around the types (a payload from elsewhere).
    const wrong = { saleId: 'seven' } as unknown as { saleId: number };
    await expect(runner.enqueue(typed, wrong)).rejects.toThrow(/job test\.typed: .*saleId: /);
    await expect(enqueueJob(ctx.database.db, typed, wrong, { now: new Date() })).rejects.toThrow(/saleId/);
    expect(() => runner.runSoon(typed, wrong)).toThrow(/saleId/);
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from jobs where kind = 'test.typed'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('fails a stored job whose payload no longer fits, with the field named, and runs the next', async () => {
    const clock = new TestClock();
    const runner = runnerAt(clock);
    const stored = defineJob({ kind: 'test.stored', payload: z.object({ id: z.number() }) });
    const seen: number[] = [];
    runner.register(stored, async ({ id }) => {
      seen.push(id);
    });
    // Written by an older version of the kind, or by hand: past the enqueue's check.
    const bad = (await insertJob(ctx.database.db, { kind: stored.kind, payload: { id: 'x' }, now: clock.now() }))!;
    await runner.enqueue(stored, { id: 2 });
    expect(await runner.runDue()).toBe(2);
    expect(seen).toEqual([2]);
    const row = await jobRow(bad);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/job test\.stored: the payload does not fit .*id: /);
  });
});

/** A promise and the function that resolves it: the tests hold handlers on it and let go at the end. */
function gate<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, open: (...value: T extends void ? [] : [T]) => resolve(value[0] as T) };
}

describe('job runner, running on its own (LISTEN, per-kind slots)', () => {
  /** A started runner that polls once an hour: whatever runs sooner was woken by a notification. */
  const clock = new TestClock();
  const now = () => clock.now();
  async function startedRunner(options: { concurrency?: number } = {}) {
    const runner = new JobRunner({
      db: ctx.database.db,
      clock,
      pollMs: 3600_000,
      listen: (channel, handlers) => ctx.database.listen(channel, handlers),
      ...options,
    });
    return runner;
  }

  it('runs a job queued elsewhere at once, woken by its notification', async () => {
    const runner = await startedRunner();
    const woken = defineJob({ kind: 'test.woken', payload: z.object({ n: z.number() }) });
    const ran = gate<number>();
    runner.register(woken, async ({ n }) => ran.open(n));
    await runner.start();
    try {
      // Queued by another instance (not through this runner), after its first round: only the
      // NOTIFY committed with the row can tell it.
      await ctx.database.db.transaction(async (tx) => {
        await enqueueJob(tx, woken, { n: 7 }, { now: now() });
      });
      expect(await ran.promise).toBe(7);
    } finally {
      await runner.stop(0);
    }
  });

  it('wakes for each delayed job in turn, not only the earliest one it was told of', async () => {
    // Real time here: the wake-up timers are the runner's own, and the poll is an hour away.
    const runner = new JobRunner({
      db: ctx.database.db,
      clock: systemClock,
      pollMs: 3600_000,
      listen: (channel, handlers) => ctx.database.listen(channel, handlers),
    });
    const later = defineJob({ kind: 'test.later', payload: z.object({ n: z.number() }) });
    const ran: number[] = [];
    const both = gate();
    runner.register(later, async ({ n }) => {
      ran.push(n);
      if (ran.length === 2) both.open();
    });
    await runner.start();
    try {
      const at = Date.now();
      await runner.enqueue(later, { n: 1 }, { runAt: new Date(at + 40) });
      await runner.enqueue(later, { n: 2 }, { runAt: new Date(at + 80) });
      await both.promise;
      expect(ran).toEqual([1, 2]);
    } finally {
      await runner.stop(0);
    }
  });

  it('keeps running other kinds while every slot of one kind hangs', async () => {
    const runner = await startedRunner();
    const hangs = defineJob({ kind: 'test.hangs', payload: z.object({ n: z.number() }), concurrency: 2 });
    const quick = defineJob({ kind: 'test.quick', payload: z.object({ n: z.number() }), concurrency: 2 });
    const released = gate();
    const hanging: number[] = [];
    const hangsDone: number[] = [];
    runner.register(hangs, async ({ n }) => {
      hanging.push(n);
      await released.promise;
      hangsDone.push(n);
    });
    const quickDone: number[] = [];
    const allQuick = gate();
    runner.register(quick, async ({ n }) => {
      quickDone.push(n);
      if (quickDone.length === 5) allQuick.open();
    });
    await runner.start();
    try {
      // The hanging kind is queued first, and more of it than it has slots.
      for (let n = 1; n <= 4; n++) await enqueueJob(ctx.database.db, hangs, { n }, { now: now() });
      for (let n = 1; n <= 5; n++) await enqueueJob(ctx.database.db, quick, { n }, { now: now() });
      await allQuick.promise;
      expect([...quickDone].sort()).toEqual([1, 2, 3, 4, 5]);
      // Still hanging, and no more of them than the kind's two slots.
      expect(hangsDone).toEqual([]);
      expect(hanging.length).toBeLessThanOrEqual(2);
      const allHangs = gate();
      runner.register(hangs, async ({ n }) => {
        hangsDone.push(n);
        if (hangsDone.length === 4) allHangs.open();
      });
      released.open();
      await allHangs.promise;
      expect([...hangsDone].sort()).toEqual([1, 2, 3, 4]);
    } finally {
      released.open();
      await runner.stop(0);
    }
  });

  it('runs no more of a kind at once than its limit, and all of them in the end', async () => {
    const runner = await startedRunner();
    const limited = defineJob({ kind: 'test.limited', payload: z.object({ n: z.number() }), concurrency: 3 });
    const probe = defineJob({ kind: 'test.probe' });
    let running = 0;
    let most = 0;
    const held = new Map<number, { open: () => void }>();
    const started: number[] = [];
    /** startedGates[k] opens when the k-th job of the kind has started. */
    const startedGates = Array.from({ length: 9 }, () => gate());
    const done = gate();
    let finished = 0;
    runner.register(limited, async ({ n }) => {
      running += 1;
      most = Math.max(most, running);
      const own = gate();
      held.set(n, own);
      started.push(n);
      startedGates[started.length]!.open();
      await own.promise;
      running -= 1;
      finished += 1;
      if (finished === 8) done.open();
    });
    const probed = gate();
    runner.register(probe, async () => probed.open());
    await runner.start();
    try {
      for (let n = 1; n <= 8; n++) await enqueueJob(ctx.database.db, limited, { n }, { now: now() });
      await startedGates[3]!.promise;
      // A job of another kind queued after them ran: the claims since then took no fourth.
      await enqueueJob(ctx.database.db, probe, {}, { now: now() });
      await probed.promise;
      expect(started).toHaveLength(3);
      // Let them go one by one, oldest first: each freed slot takes the next, never a fourth at once.
      for (let k = 4; k <= 8; k++) {
        held.get(started[k - 4]!)!.open();
        await startedGates[k]!.promise;
        expect(running).toBeLessThanOrEqual(3);
      }
      for (const own of held.values()) own.open();
      await done.promise;
      expect(most).toBe(3);
      expect([...started].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      for (const own of held.values()) own.open();
      await runner.stop(0);
    }
  });

  it('runs work without a row in the kind’s slots: a burst under one key in one run, then once more', async () => {
    const runner = runnerAt(new TestClock());
    const pump = defineJob({ kind: 'test.pump', concurrency: 1 });
    let queued = 0;
    let delivered = 0;
    let runs = 0;
    const first = gate();
    const errors = { thrown: 0 };
    runner.register(pump, async () => {
      runs += 1;
      const now = queued;
      if (runs === 1) await first.promise;
      if (runs === 3) {
        errors.thrown += 1;
        throw new Error('database gone');
      }
      delivered = now;
    });
    const soon = () => {
      queued += 1;
      runner.runSoon(pump, {}, { key: 'all' });
    };
    soon();
    soon();
    soon();
    // The first run holds; what is asked meanwhile makes it go round once more.
    soon();
    first.open();
    await runner.idle();
    expect({ runs, delivered }).toEqual({ runs: 2, delivered: 4 });
    // A failed run is logged, not retried (its fallback is the caller's); the next one runs.
    soon();
    await runner.idle();
    soon();
    await runner.idle();
    expect({ runs, delivered, thrown: errors.thrown }).toEqual({ runs: 4, delivered: 6, thrown: 1 });
  });
});
