/** Why a device message was dropped (docs/device-protocol.md §7). */
export const REJECT_REASONS = [
  'oversized',
  'malformed',
  'invalid',
  'unknown_serial',
  'unauthorized',
  'replayed',
  'stale_status',
  'failed',
  /** QoS 0 (telemetry, heartbeat) dropped while too many messages wait (Ingest, INGEST_MAX_QUEUED). */
  'overloaded',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Counters of one server instance since it started, for the platform admin. */
export class GatewayStats {
  received = 0;
  accepted = 0;
  /** Accepted, but the device's clock is off by more than the bound. */
  clockSkew = 0;
  authFailures = 0;
  /** Accepted telemetry samples not stored because the database fell too far behind (TelemetryBuffer). */
  telemetryDropped = 0;
  /** Micromarket history lines of device messages not stored (Ingest's event batches). */
  eventsDropped = 0;
  /**
   * QoS 1 messages accepted although the device had sent a later one already handled: how often
   * its messages overtook each other (several instances, RabbitMQ's shards; §3's window takes them).
   */
  outOfOrder = 0;
  readonly rejected: Record<RejectReason, number> = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<
    RejectReason,
    number
  >;

  reject(reason: RejectReason): void {
    this.rejected[reason] += 1;
  }

  snapshot() {
    return {
      received: this.received,
      accepted: this.accepted,
      clock_skew: this.clockSkew,
      auth_failures: this.authFailures,
      telemetry_dropped: this.telemetryDropped,
      events_dropped: this.eventsDropped,
      out_of_order: this.outOfOrder,
      rejected: { ...this.rejected },
    };
  }
}
