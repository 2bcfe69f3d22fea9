import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { TELEMETRY_MAX_PENDING, TelemetryBuffer } from './telemetry-buffer.js';

describe('telemetry buffer', () => {
  it('holds at most TELEMETRY_MAX_PENDING samples while the database lags, counting the ones it drops', async () => {
    const written: number[] = [];
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A database that stores each batch only once released.
    const db = {
      execute: async () => {
        await stuck;
        written.push(1);
      },
    } as unknown as Db;
    const stats = { telemetryDropped: 0 };
    const buffer = new TelemetryBuffer(db, stats);
    const row = { micromarketId: 1, at: new Date() };
    let accepted = 0;
    for (let i = 0; i < TELEMETRY_MAX_PENDING + 25; i += 1) if (buffer.add(row)) accepted += 1;
    expect(accepted).toBe(TELEMETRY_MAX_PENDING);
    expect(stats.telemetryDropped).toBe(25);
    release();
    await buffer.flush();
    // One statement per 1,000 samples.
    expect(written).toHaveLength(TELEMETRY_MAX_PENDING / 1_000);
    expect(buffer.add(row)).toBe(true);
    await buffer.flush();
  });
});
