import type { TDisplayTile } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { displayState } from './display-state';

const tile = (changes: Partial<TDisplayTile> = {}): TDisplayTile => ({
  id: 1,
  org_id: 1,
  name: 'Office',
  address: null,
  active: true,
  connection: 'online',
  door: 'closed',
  temperature: 4,
  temperature_state: 'in_range',
  defrosting: false,
  locked: false,
  last_activity_at: null,
  open_alerts: 0,
  ...changes,
});

describe('displayState', () => {
  it('is ok for an online, closed fridge in range', () => expect(displayState(tile())).toBe('ok'));
  it('ranks locked over an alert over offline over door open over temperature', () => {
    const all = {
      locked: true,
      open_alerts: 1,
      connection: 'offline',
      door: 'open',
      temperature_state: 'out_of_range',
    } as const;
    expect(displayState(tile(all))).toBe('locked');
    expect(displayState(tile({ ...all, locked: false }))).toBe('alert');
    expect(displayState(tile({ ...all, locked: false, open_alerts: 0 }))).toBe('offline');
    expect(displayState(tile({ door: 'open', temperature_state: 'out_of_range' }))).toBe('door_open');
    expect(displayState(tile({ temperature_state: 'out_of_range' }))).toBe('temperature');
  });
});
