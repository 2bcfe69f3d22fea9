/**
 * Time for the simulator: `now()` stamps messages, timers drive the model. The manual clock
 * lets tests run hours of a fridge's life in milliseconds; the real clock runs it live.
 */
export type TimerId = number;

export interface Clock {
  now(): number;
  setTimer(delayMs: number, run: () => void): TimerId;
  clearTimer(id: TimerId): void;
}

type PendingTimer = { id: TimerId; at: number; run: () => void };

/** Advances only when told to; due timers fire in time order, each seeing its own `now()`. */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: PendingTimer[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(delayMs: number, run: () => void): TimerId {
    const id = this.nextId++;
    // Whole milliseconds, like Date.now(): the protocol's times are integers.
    this.timers.push({ id, at: this.time + Math.max(0, Math.round(delayMs)), run });
    return id;
  }

  clearTimer(id: TimerId): void {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.nextDue(until);
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.run();
    }
    this.time = until;
  }

  pendingTimers(): number {
    return this.timers.length;
  }

  private nextDue(until: number): PendingTimer | undefined {
    let best: PendingTimer | undefined;
    for (const timer of this.timers) {
      if (timer.at <= until && (!best || timer.at < best.at || (timer.at === best.at && timer.id < best.id)))
        best = timer;
    }
    return best;
  }
}

/** Wall-clock time and Node timers. */
export class RealClock implements Clock {
  private nextId = 1;
  private handles = new Map<TimerId, NodeJS.Timeout>();

  now(): number {
    return Date.now();
  }

  setTimer(delayMs: number, run: () => void): TimerId {
    const id = this.nextId++;
    const handle = setTimeout(
      () => {
        this.handles.delete(id);
        run();
      },
      Math.max(0, delayMs),
    );
    this.handles.set(id, handle);
    return id;
  }

  clearTimer(id: TimerId): void {
    const handle = this.handles.get(id);
    if (handle) clearTimeout(handle);
    this.handles.delete(id);
  }

  clearAll(): void {
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
  }
}
