import { describe, expect, it } from 'vitest';
import { GroupBatch } from './group-batch.js';

/** A batch function whose calls are recorded and answered when the test says so. */
function controlled() {
  const calls: { items: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({ items, answer: () => resolve(items.map((n) => n * 10)), fail: reject });
    });
  return { calls, run };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns of the event loop: what a finished batch schedules has started. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await nextTurn();
};

describe('GroupBatch', () => {
  it('runs the calls of one tick as one batch and answers each caller with its own result', async () => {
    const { calls, run } = controlled();
    const batch = new GroupBatch(run);
    const answers = [batch.add(1), batch.add(2), batch.add(3)];
    await nextTurn();
    expect(calls.map((call) => call.items)).toEqual([[1, 2, 3]]);
    calls[0]!.answer();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('collects the calls made while a batch is in flight into the next one, started when it ends', async () => {
    const { calls, run } = controlled();
    const batch = new GroupBatch(run);
    const first = batch.add(1);
    await nextTurn();
    const later = [batch.add(2), batch.add(3), batch.add(4)];
    await nextTurn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    await first;
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.answer();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('caps a batch at maxItems and runs up to `concurrency` batches at once', async () => {
    const { calls, run } = controlled();
    const batch = new GroupBatch(run, { maxItems: 2, concurrency: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => batch.add(n));
    await settle();
    expect(calls.map((call) => call.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[0]!.answer();
    await answers[0];
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1, 2], [3, 4], [5]]);
    calls[1]!.answer();
    calls[2]!.answer();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('rejects every caller of a failed batch and goes on with the next', async () => {
    const { calls, run } = controlled();
    const batch = new GroupBatch(run);
    const failed = [batch.add(1), batch.add(2)];
    await nextTurn();
    const next = batch.add(3);
    calls[0]!.fail(new Error('database away'));
    await expect(failed[0]).rejects.toThrow('database away');
    await expect(failed[1]).rejects.toThrow('database away');
    await nextTurn();
    calls[1]!.answer();
    expect(await next).toBe(30);
  });

  it('rejects its callers when the batch answers a different number of results', async () => {
    const batch = new GroupBatch(async (items: number[]) => items.slice(1));
    await expect(batch.add(1)).rejects.toThrow('a batch of 1 answered 0');
  });
});
