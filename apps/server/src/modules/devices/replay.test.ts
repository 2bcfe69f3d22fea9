import { describe, expect, it } from 'vitest';
import { acceptSequence, type SequenceState } from './replay.js';

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
