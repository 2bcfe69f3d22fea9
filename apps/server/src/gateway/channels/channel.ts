import type { FastifyBaseLogger } from 'fastify';
import { type SystemActor, systemActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { OrgScope } from '../../lib/org-scope.js';
import type { OnlineUpdate } from '../../modules/micromarkets/index.js';
import type { SettleNow } from '../../modules/sales/index.js';
import type { DeviceDirectory, DeviceRef } from '../device-directory.js';
import type { DeviceStates } from '../device-state.js';
import type { GatewayStats } from '../gateway-stats.js';
import type { TelemetryBuffer } from '../telemetry-buffer.js';

export type IngestDeps = {
  ctx: ServiceContext;
  directory: DeviceDirectory;
  stats: GatewayStats;
  telemetry: TelemetryBuffer;
  states: DeviceStates;
  /** A device said hello: send it whatever is waiting. */
  onHello(device: DeviceRef): Promise<void>;
  /** Takes a closed sale's money right away (the sales module's saleStepsOn); else its job does. */
  settleNow?: SettleNow | undefined;
  logger?: FastifyBaseLogger | undefined;
  /** Messages waiting to be handled at most before telemetry and heartbeats are dropped (INGEST_MAX_QUEUED). */
  maxQueued?: number;
};

/** A checked message's device and times, as every channel's handler gets it. */
export type Received = { device: DeviceRef; actor: SystemActor; receivedAt: number; ts: number };

/**
 * What a channel's handler works with: the ingest's dependencies and the steps the channels
 * share (Ingest builds it once).
 */
export type Channel = IngestDeps & {
  /** A line of the micromarket's history, written with the others of the next 100 ms (Ingest's `events`). */
  event(received: Received, kind: string, details?: Record<string, unknown>): void;
  /** Tells open panels that this micromarket's live state changed (coalesced by the live bus). */
  announce(device: DeviceRef, data: Record<string, unknown>): void;
  /** Its offline incident is over: going offline again within the quiet window is a flap, not a new message. */
  backOnline(device: DeviceRef, at: number): Promise<void>;
  /** Online with its identity, with the other hellos of the same round trip; answers whether it was offline. */
  markOnline(update: OnlineUpdate): Promise<boolean>;
};

/** Who a device's message acts as: the device, within its organisation. */
export function deviceActor(device: DeviceRef): SystemActor {
  return systemActor({ via: 'device', label: `device:${device.serial}`, scope: OrgScope.of(device.orgId, []) });
}
