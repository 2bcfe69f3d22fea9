import type { TLiveEvent } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { changesRoute } from './route-changes';
import { nextPhase } from './use-door-opening';

const stop = { id: 7, commandId: 'c-1' };
const state = (id: number, data: Record<string, unknown>): TLiveEvent => ({
  topic: 'micromarket.state',
  org_id: 1,
  id,
  data,
});
const command = (id: string, status: string): TLiveEvent => ({
  topic: 'micromarket.command',
  org_id: 1,
  id,
  data: { micromarket_id: 7, type: 'open_door', status },
});

describe('the courier’s door phases', () => {
  it('goes from opening to open to closed on this stop’s door', () => {
    expect(nextPhase('opening', state(7, { door: 'open' }), stop)).toBe('open');
    expect(nextPhase('open', state(7, { door: 'closed' }), stop)).toBe('closed');
    // Opened and closed within one coalesced event: the visit is over.
    expect(nextPhase('opening', state(7, { door: 'closed' }), stop)).toBe('closed');
  });
  it('ignores other micromarkets, a closed door before any opening, and other state', () => {
    expect(nextPhase('opening', state(8, { door: 'open' }), stop)).toBe('opening');
    expect(nextPhase('idle', state(7, { door: 'closed' }), stop)).toBe('idle');
    expect(nextPhase('open', state(7, { temperature: 4 }), stop)).toBe('open');
  });
  it('fails when its own command failed or expired, not another one', () => {
    expect(nextPhase('opening', command('c-1', 'failed'), stop)).toBe('failed');
    expect(nextPhase('opening', command('c-1', 'expired'), stop)).toBe('failed');
    expect(nextPhase('opening', command('c-2', 'failed'), stop)).toBe('opening');
    expect(nextPhase('opening', command('c-1', 'done'), stop)).toBe('opening');
  });
});

describe('what refreshes the route', () => {
  it('a door, a lock, a connection or tags of one of its stops; not a reading, not another fridge', () => {
    expect(changesRoute(state(7, { door: 'open' }), [7, 9])).toBe(true);
    expect(changesRoute(state(9, { tags_placed: 3 }), [7, 9])).toBe(true);
    expect(changesRoute(state(7, { connection: 'offline' }), [7])).toBe(true);
    expect(changesRoute(state(7, { connection: 'online', temperature: 4 }), [7])).toBe(false);
    expect(changesRoute(state(7, { connection: 'online', door: 'closed' }), [7])).toBe(true);
    expect(changesRoute(state(8, { door: 'open' }), [7, 9])).toBe(false);
  });
});
