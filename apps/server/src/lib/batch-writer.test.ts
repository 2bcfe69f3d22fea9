import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchWriter.written', () => {
  it('waits for the batch the writer starts on its own timer, and starts none of its own', async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const writer = new BatchWriter<number>({
      write: async (rows) => {
        writes.push(rows);
      },
      maxRows: 100,
      flushMs: 100,
      maxPending: 1_000,
      onDropped: () => {},
    });
    writer.add(1);
    let written = false;
    void writer.written().then(() => {
      written = true;
    });
    writer.add(2);
    await vi.advanceTimersByTimeAsync(99);
    expect({ writes, written }).toEqual({ writes: [], written: false });
    await vi.advanceTimersByTimeAsync(1);
    expect({ writes, written }).toEqual({ writes: [[1, 2]], written: true });
    // Nothing gathered: answered by the batches already taken.
    await writer.written();
    expect(writes).toHaveLength(1);
  });

  it('answers once a refused batch is counted as dropped, not never', async () => {
    const dropped: number[] = [];
    const writer = new BatchWriter<number>({
      write: async () => {
        throw new Error('database down');
      },
      maxRows: 2,
      flushMs: 100,
      maxPending: 1_000,
      onDropped: (count) => dropped.push(count),
    });
    writer.add(1);
    const waiting = writer.written();
    writer.add(2);
    await waiting;
    expect(dropped).toEqual([2]);
  });
});
