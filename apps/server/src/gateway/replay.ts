import { DEVICE_REPLAY_WINDOW } from '@vitrina/contract';

/** The highest (boot, seq) accepted from a device and which of the seqs just below it were seen. */
export type SequenceState = { boot: number | null; seq: number | null; window: bigint };

const WINDOW = BigInt(DEVICE_REPLAY_WINDOW);
const MASK = (1n << WINDOW) - 1n;

/**
 * The anti-replay window of IPsec (RFC 4303 §3.4.3) over (boot, seq): a newer boot or a
 * higher seq is accepted and slides the window; a seq within the window not yet seen is
 * accepted once; anything else is a replay. Answers the new state, or null to reject.
 */
export function acceptSequence(state: SequenceState, boot: number, seq: number): SequenceState | null {
  if (state.boot === null || state.seq === null || boot > state.boot) return { boot, seq, window: 1n };
  if (boot < state.boot) return null;
  if (seq > state.seq) {
    const shift = BigInt(seq - state.seq);
    const window = shift >= WINDOW ? 1n : ((state.window << shift) | 1n) & MASK;
    return { boot, seq, window };
  }
  const behind = BigInt(state.seq - seq);
  if (behind >= WINDOW) return null;
  const bit = 1n << behind;
  if ((state.window & bit) !== 0n) return null;
  return { boot, seq: state.seq, window: state.window | bit };
}

/**
 * Whether (boot, seq) of the current boot fell behind the window: too old for the window to
 * know whether it was seen (another instance may have moved the window past it).
 */
export function isBehindWindow(state: SequenceState, boot: number, seq: number): boolean {
  return state.boot === boot && state.seq !== null && BigInt(state.seq - seq) >= WINDOW;
}

/**
 * Both states' knowledge in one: the newer boot wins; within one boot the higher seq, with
 * the seen bits of both windows lined up on it. Two instances that accepted messages of one
 * device (a hand-over of a RabbitMQ shard) thereby lose neither's seqs. The flush's
 * UPDATE (micromarkets/device-state.repository.ts) computes the same in SQL.
 */
export function mergeSequence(a: SequenceState, b: SequenceState): SequenceState {
  if (a.boot === null || a.seq === null) return b;
  if (b.boot === null || b.seq === null) return a;
  if (a.boot !== b.boot) return a.boot > b.boot ? a : b;
  const seq = Math.max(a.seq, b.seq);
  const align = (state: SequenceState) => {
    const shift = BigInt(seq - state.seq!);
    return shift >= WINDOW ? 0n : (state.window << shift) & MASK;
  };
  return { boot: a.boot, seq, window: align(a) | align(b) };
}
