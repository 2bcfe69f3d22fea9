import { deviceReconnectDelayMs } from '@vitrina/contract';
import type { Clock, TimerId } from './clock.js';
import type { DeviceLink, LinkFactory } from './link.js';
import type { Random } from './random.js';
import type { Uplink } from './uplink.js';

export type ConnectionDeps = {
  clock: Clock;
  random: Random;
  uplink: Uplink;
  linkFactory: LinkFactory;
  onOnline: () => void;
  onOffline: () => void;
  onCommand: (payload: string) => void;
  log: (line: string) => void;
};

/**
 * Keeps the fridge connected: each attempt carries the will of the `hello` to come; a lost
 * connection is retried with back-off; a simulated outage keeps the network away for a while.
 */
export class Connection {
  private link: DeviceLink | null = null;
  private wanted = false;
  private attempts = 0;
  private retryTimer: TimerId | null = null;
  private downUntil = 0;
  connects = 0;

  constructor(private readonly deps: ConnectionDeps) {}

  get currentLink(): DeviceLink | null {
    return this.link;
  }

  start(): void {
    this.wanted = true;
    this.attempt();
  }

  /** A clean goodbye: the status message, then DISCONNECT; no reconnect. */
  stop(): void {
    this.wanted = false;
    this.clearRetry();
    if (!this.link) return;
    this.deps.uplink.sendGoodbye();
    this.link.close({ clean: true });
  }

  /** The network disappears without a goodbye (the broker sends the will) and comes back after `forMs`. */
  drop(forMs: number): void {
    this.downUntil = this.deps.clock.now() + forMs;
    this.link?.close({ clean: false });
  }

  private attempt(): void {
    this.retryTimer = null;
    if (!this.wanted) return;
    const { clock } = this.deps;
    if (clock.now() < this.downUntil) {
      this.scheduleRetry();
      return;
    }
    this.link ??= this.deps.linkFactory({
      onConnect: () => this.connected(),
      onClose: (reason) => this.closed(reason),
      onCommand: (payload) => this.deps.onCommand(payload),
    });
    this.link.connect(this.deps.uplink.will());
  }

  private connected(): void {
    this.attempts = 0;
    this.connects += 1;
    this.deps.onOnline();
  }

  private closed(reason?: string): void {
    const wasOnline = this.deps.uplink.isOnline;
    this.deps.uplink.offline();
    if (wasOnline) this.deps.onOffline();
    if (reason) this.deps.log(`connection closed: ${reason}`);
    if (this.wanted && this.retryTimer === null) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const { clock, random } = this.deps;
    const backoff = deviceReconnectDelayMs(this.attempts++, random);
    const delay = Math.max(backoff, this.downUntil - clock.now());
    this.retryTimer = clock.setTimer(delay, () => this.attempt());
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.deps.clock.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }
}
