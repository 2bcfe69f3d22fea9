import { describe, expect, it } from 'vitest';
import { TestWebhookPump } from './test-webhook-pump.js';

describe('test webhook pump', () => {
  it('delivers a burst in one run and goes round again for what was queued meanwhile', async () => {
    let queued = 0;
    let delivered = 0;
    let runs = 0;
    let release: () => void = () => {};
    const pump = new TestWebhookPump(
      async () => {
        runs += 1;
        const now = queued;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        delivered = now;
      },
      () => {},
    );
    const queue = () => {
      queued += 1;
      pump.soon();
    };
    queue();
    queue();
    queue();
    // The first run holds the three; two more come while it delivers.
    await new Promise((resolve) => setImmediate(resolve));
    queue();
    queue();
    release();
    await pump.idle();
    expect({ runs, delivered }).toEqual({ runs: 2, delivered: 5 });
    queue();
    await pump.idle();
    expect({ runs, delivered }).toEqual({ runs: 3, delivered: 6 });
  });

  it('keeps going after a failed run', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const pump = new TestWebhookPump(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      (error) => errors.push(error),
    );
    pump.soon();
    await pump.idle();
    pump.soon();
    await pump.idle();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
