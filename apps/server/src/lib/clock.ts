/**
 * Where time comes from (DESIGN §8): services, jobs and the gateway ask the clock, never
 * `Date.now()`, so expiry, schedules and back-off are tested by moving a test clock instead
 * of sleeping.
 */
export type Clock = {
  now(): Date;
  nowMs(): number;
  /** Waits `ms` (between polls of an outside service): a test clock moves instead of sleeping. */
  sleep(ms: number): Promise<void>;
};

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that stands still until told to move. */
export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1, 9, 0, 0)) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  nowMs(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }

  set(at: Date | number): void {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }
}
