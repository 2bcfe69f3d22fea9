import { describe, expect, it } from 'vitest';
import { acceptSequence, isBehindWindow, mergeSequence, type SequenceState } from './replay.js';

function feed(messages: [number, number][]): boolean[] {
  let state: SequenceState = { boot: null, seq: null, window: 0n };
  return messages.map(([boot, seq]) => {
    const next = acceptSequence(state, boot, seq);
    if (next) state = next;
    return next !== null;
  });
}

describe('replay window', () => {
  it('accepts increasing seqs and rejects a repeat', () => {
    expect(
      feed([
        [1, 0],
        [1, 1],
        [1, 2],
        [1, 2],
        [1, 1],
      ]),
    ).toEqual([true, true, true, false, false]);
  });

  it('accepts an out-of-order seq inside the window once', () => {
    expect(
      feed([
        [1, 10],
        [1, 8],
        [1, 9],
        [1, 8],
        [1, 11],
      ]),
    ).toEqual([true, true, true, false, true]);
  });

  it('rejects seqs older than the window and older boots; a new boot starts over', () => {
    expect(
      feed([
        [2, 100],
        [2, 30],
        [1, 500],
        [3, 0],
        [3, 1],
      ]),
    ).toEqual([true, false, false, true, true]);
  });

  it('forgets seen bits as the window slides far ahead', () => {
    expect(
      feed([
        [1, 5],
        [1, 200],
        [1, 5],
        [1, 199],
      ]),
    ).toEqual([true, true, false, true]);
  });
});

describe('merging two windows (a hand-over between instances)', () => {
  it('keeps the newer boot, and within a boot every seq either side has seen', () => {
    const none: SequenceState = { boot: null, seq: null, window: 0n };
    const a = acceptSequence(acceptSequence(none, 1, 10)!, 1, 8)!;
    const b = acceptSequence(acceptSequence(none, 1, 12)!, 1, 9)!;
    const merged = mergeSequence(a, b);
    expect(merged.seq).toBe(12);
    for (const seq of [8, 9, 10, 12]) expect(acceptSequence(merged, 1, seq)).toBeNull();
    expect(acceptSequence(merged, 1, 11)).not.toBeNull();
    expect(mergeSequence(a, { boot: 2, seq: 0, window: 1n })).toEqual({ boot: 2, seq: 0, window: 1n });
    expect(mergeSequence(none, a)).toEqual(a);
  });
});

describe('behind the window', () => {
  it('tells a seq too old for the window apart from one it has seen', () => {
    const state = { boot: 3, seq: 40, window: 1n };
    expect(isBehindWindow(state, 3, 8)).toBe(true);
    expect(isBehindWindow(state, 3, 9)).toBe(false);
    expect(isBehindWindow(state, 2, 1)).toBe(false);
    expect(isBehindWindow({ boot: null, seq: null, window: 0n }, 3, 1)).toBe(false);
  });
});
