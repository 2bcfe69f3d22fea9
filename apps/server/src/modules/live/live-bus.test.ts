import type { TLiveEvent } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { batchesOf } from './live-bus.js';

const event = (id: number, note = ''): TLiveEvent => ({ topic: 'micromarket.state', org_id: 1, id, data: { note } });

describe('batchesOf', () => {
  it('keeps a few events in one notification', () => {
    expect(batchesOf([event(1), event(2)])).toEqual([[event(1), event(2)]]);
  });

  it('splits what would pass PostgreSQL’s payload limit, keeping the order', () => {
    const events = Array.from({ length: 40 }, (_, i) => event(i, 'x'.repeat(400)));
    const batches = batchesOf(events);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(events);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(8000);
  });

  it('drops an event too large to send at all', () => {
    expect(batchesOf([event(1, 'x'.repeat(9000)), event(2)])).toEqual([[event(2)]]);
  });
});
