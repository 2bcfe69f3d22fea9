import {
  DEVICE_MAX_CLOCK_SKEW_MS,
  DEVICE_MAX_PAYLOAD_BYTES,
  DEVICE_UPLINK_SCHEMAS,
  type DeviceUplinkChannel,
  parseDeviceTopic,
  type TDeviceAck,
  type TDeviceCamera,
  type TDeviceDoorSession,
  type TDeviceHello,
  type TDeviceInventory,
  type TDeviceStatus,
  type TDeviceTelemetry,
  TECHNICAL_ALERT,
  toServerTime,
} from '@vitrina/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type SystemActor, systemActor } from '../../lib/actor.js';
import { BatchWriter } from '../../lib/batch-writer.js';
import type { ServiceContext } from '../../lib/context.js';
import { OrgScope } from '../../lib/org-scope.js';
import {
  applyTemperature,
  checkSessionWeights,
  endFleetIncident,
  raiseIncident,
  tellFleetIncident,
} from '../alerts/index.js';
import {
  type DeviceEventWrite,
  markOfflineBySession,
  markOnline,
  markPriceTagShown,
  readSettings,
  readThresholds,
  recordDeviceReport,
  recordEvents,
  setShelfCalibration,
  setTilt,
} from '../micromarkets/index.js';
import { closeSale, openSale, queueSaleStep, type SettleNow } from '../sales/index.js';
import { NEURO_EVENT, recordRefusal } from '../sales-gate/index.js';
import { placeTags, takeTags } from '../tags/index.js';
import { finishCommand } from './commands.repository.js';
import type { DeviceDirectory, DeviceRef, KnownDevice } from './device-directory.js';
import type { DeviceStates } from './device-state.js';
import type { GatewayStats } from './gateway-stats.js';
import { explainedGrams, hasSaleOfSession, recordInventory, upsertDoorSession } from './ingest.repository.js';
import type { TelemetryBuffer } from './telemetry-buffer.js';
import type { InboundMessage } from './transport.js';

type IngestDeps = {
  ctx: ServiceContext;
  directory: DeviceDirectory;
  stats: GatewayStats;
  telemetry: TelemetryBuffer;
  states: DeviceStates;
  /** A device said hello: send it whatever is waiting. */
  onHello(device: DeviceRef): Promise<void>;
  /** Takes a closed sale's money right away (the sales module's SaleSettler); else its job does. */
  settleNow?: SettleNow | undefined;
  logger?: FastifyBaseLogger | undefined;
  /** Messages waiting to be handled at most before telemetry and heartbeats are dropped (INGEST_MAX_QUEUED). */
  maxQueued?: number;
};

/**
 * When the server cannot keep up (CPU or database), messages queue in memory: beyond this
 * many, new telemetry and heartbeats (QoS 0, replaced by the next sample) are dropped and
 * counted instead of queueing without end, which bounds memory and how late a message can
 * be. QoS 1 messages (door sessions, acks, inventory, hello, goodbye) always queue.
 */
export const INGEST_MAX_QUEUED = 20_000;

/** QoS 0 channels whose seq and state are written with the next flush of device states. */
const COALESCED_CHANNELS = new Set<DeviceUplinkChannel>(['telemetry', 'heartbeat']);
/** QoS 1 channels whose handlers de-duplicate by the message's own id (session id, command id). */
const IDEMPOTENT_BY_ID: ReadonlySet<string> = new Set(['door-session', 'ack']);

/** Who a device's message acts as: the device, within its organisation. */
function deviceActor(device: DeviceRef): SystemActor {
  return systemActor({ via: 'device', label: `device:${device.serial}`, scope: OrgScope.of(device.orgId, []) });
}

type Received = { device: DeviceRef; actor: SystemActor; receivedAt: number; ts: number };

/**
 * Turns device messages into state. Every message is checked (size, topic, serial, JSON,
 * schema, replay) and dropped with a counted reason when it fails; messages of one device are
 * handled in order, different devices side by side, and no failure escapes to the broker.
 */
export class Ingest {
  private readonly queues = new Map<string, Promise<void>>();
  private queued = 0;

  /**
   * The history lines of device messages (door sessions, connections, commands) are gathered
   * and written in one statement every 100 ms: at hundreds of door sessions a second, one
   * INSERT each was a tenth of the database round trips. What they record is stored on its
   * own first (the session, the command); a QoS 1 message is acknowledged once its lines are
   * written too (handle), so a crash loses only lines of QoS 0 messages (door seen open).
   */
  private readonly events: BatchWriter<DeviceEventWrite>;

  constructor(private readonly deps: IngestDeps) {
    this.events = new BatchWriter({
      write: (rows) => recordEvents(deps.ctx.db, rows),
      maxRows: 500,
      flushMs: 100,
      maxPending: INGEST_MAX_QUEUED,
      onDropped: (count, error) => {
        deps.stats.eventsDropped += count;
        deps.logger?.error({ err: error, events: count }, 'device events not written');
      },
    });
  }

  /**
   * Queues the message behind its device's earlier ones. Answers once it is processed: stored
   * (with its history lines), or refused for good (malformed, replayed…). Rejects when it could
   * not be stored (the database failed): the broker must not acknowledge it, so the device
   * sends it again. The rejection is already handled here, so a caller that ignores it (a QoS 0
   * message) does not crash the process.
   */
  handle(message: InboundMessage): Promise<void> {
    const topic = parseDeviceTopic(message.topic);
    const serial = topic?.serial ?? '';
    if (this.queued >= (this.deps.maxQueued ?? INGEST_MAX_QUEUED) && topic && COALESCED_CHANNELS.has(topic.channel)) {
      this.deps.stats.received += 1;
      this.deps.stats.reject('overloaded');
      return Promise.resolve();
    }
    this.queued += 1;
    const previous = this.queues.get(serial) ?? Promise.resolve();
    const next = previous.then(() => this.process(message));
    // The device's next message goes on after a failed one (which its device will send again).
    const settled = next.then(
      () => {},
      () => {},
    );
    this.queues.set(serial, settled);
    void settled.then(() => {
      this.queued -= 1;
      if (this.queues.get(serial) === settled) this.queues.delete(serial);
    });
    // A QoS 1 message's history lines are written with the next batch (within 100 ms): it is
    // acknowledged only then, without holding up the device's next message.
    const stored = topic && COALESCED_CHANNELS.has(topic.channel) ? next : next.then(() => this.events.written());
    stored.catch(() => {});
    return stored;
  }

  /** Resolves when every message handed over so far has been processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
    await this.events.flush();
  }

  /** Writes the history lines gathered so far. */
  flushEvents(): Promise<void> {
    return this.events.flush();
  }

  private async process(message: InboundMessage): Promise<void> {
    const { stats, ctx } = this.deps;
    stats.received += 1;
    const receivedAt = ctx.clock.nowMs();
    try {
      if (message.payload.length > DEVICE_MAX_PAYLOAD_BYTES) return stats.reject('oversized');
      const topic = parseDeviceTopic(message.topic);
      if (!topic) return stats.reject('unauthorized');
      const device = await this.deps.directory.find(topic.serial);
      if (!device?.active) return stats.reject('unknown_serial');
      let json: unknown;
      try {
        json = JSON.parse(message.payload.toString('utf8'));
      } catch {
        return stats.reject('malformed');
      }
      const parsed = DEVICE_UPLINK_SCHEMAS[topic.channel].safeParse(json);
      if (!parsed.success) return stats.reject('invalid');
      const actor = deviceActor(device);
      const { states } = this.deps;
      if (topic.channel === 'status') {
        // What this device sent before its goodbye is stored first, so it cannot mark it online again.
        await states.flush([device.id]);
        await this.status(device, actor, parsed.data as TDeviceStatus, receivedAt);
        return;
      }
      const envelope = parsed.data as { ts: number; boot: number; seq: number };
      if (COALESCED_CHANNELS.has(topic.channel)) {
        // QoS 0: a sample lost in a crash is replaced by the next, so its seq is kept in memory
        // and written with the next flush of device states.
        if (!(await states.accept(device, envelope.boot, envelope.seq))) return stats.reject('replayed');
        await this.dispatchChecked(topic.channel, parsed.data, { device, actor, receivedAt, ts: envelope.ts });
        return;
      }
      // QoS 1: acted on first, then its seq is recorded and stored. A crash in between makes the
      // device's re-delivery be acted on again, which each channel allows (a session is stored
      // once by its id, a command finishes once); storing the seq first would have dropped the
      // re-delivery of a message whose effect the crash lost, as a replay.
      // A door session or an ack carries an id of its own that makes a second delivery a no-op,
      // so one whose seq fell behind the window is still acted on: behind shared subscriptions
      // another instance may have moved the window past seqs this one never saw (issue 23).
      const seen = await states.wouldAccept(device, envelope.boot, envelope.seq);
      if (seen === 'seen' || (seen === 'behind' && !IDEMPOTENT_BY_ID.has(topic.channel))) {
        return stats.reject('replayed');
      }
      await this.dispatchChecked(topic.channel, parsed.data, { device, actor, receivedAt, ts: envelope.ts });
      if (seen === 'behind') return;
      await states.accept(device, envelope.boot, envelope.seq);
      await states.flush([device.id]);
    } catch (error) {
      stats.reject('failed');
      this.deps.logger?.error({ err: error, topic: message.topic }, 'device message failed');
      // Not stored: not acknowledged either (handle).
      throw error;
    }
  }

  private async dispatchChecked(channel: Exclude<DeviceUplinkChannel, 'status'>, data: unknown, received: Received) {
    if (Math.abs(received.receivedAt - received.ts) > DEVICE_MAX_CLOCK_SKEW_MS) this.deps.stats.clockSkew += 1;
    await this.dispatch(channel, data, received);
    this.deps.stats.accepted += 1;
  }

  private async dispatch(channel: Exclude<DeviceUplinkChannel, 'status'>, data: unknown, received: Received) {
    switch (channel) {
      case 'hello':
      case 'heartbeat':
        return this.hello(data as TDeviceHello, received, channel === 'hello');
      case 'telemetry':
        return this.telemetry(data as TDeviceTelemetry, received);
      case 'inventory':
        return this.inventory(data as TDeviceInventory, received);
      case 'door-session':
        return this.doorSession(data as TDeviceDoorSession, received);
      case 'ack':
        return this.ack(data as TDeviceAck, received);
      case 'camera':
        return this.camera(data as TDeviceCamera, received);
    }
  }

  /** A line of the micromarket's history, written with the others of the next 100 ms (`events`). */
  private event(received: Received, kind: string, details: Record<string, unknown> = {}): void {
    this.events.add({
      actor: received.actor,
      micromarketId: received.device.id,
      kind,
      details,
      at: new Date(received.receivedAt),
    });
  }

  /** The device state flush found a device offline that is talking again. */
  async reconnected(device: DeviceRef, at: number): Promise<void> {
    this.event({ device, actor: deviceActor(device), receivedAt: at, ts: at }, 'connected');
    await this.backOnline(device, at);
    this.deps.ctx.live.publish({
      topic: 'micromarket.state',
      org_id: device.orgId,
      id: device.id,
      data: { connection: 'online' },
    });
  }

  /** Its offline incident is over: going offline again within the quiet window is a flap, not a new message. */
  private backOnline(device: DeviceRef, at: number): Promise<void> {
    return endFleetIncident(this.deps.ctx.db, { micromarketId: device.id, kind: 'offline', at: new Date(at) });
  }

  /** Tells open panels that this micromarket's live state changed (coalesced by the live bus). */
  private announce(device: DeviceRef, data: Record<string, unknown>) {
    this.deps.ctx.live.publish({ topic: 'micromarket.state', org_id: device.orgId, id: device.id, data });
  }

  private async hello(message: TDeviceHello, received: Received, isHello: boolean) {
    const hasIdentity = [message.ip, message.mac, message.firmware, message.platform].some((v) => v !== undefined);
    if (!isHello && !hasIdentity) {
      // A bare heartbeat only says the device is alive: written with the next flush.
      this.deps.states.touch(received.device.id, new Date(received.receivedAt));
      return;
    }
    const wasOffline = await markOnline(this.deps.ctx.db, {
      micromarketId: received.device.id,
      at: new Date(received.receivedAt),
      identity: { ip: message.ip, mac: message.mac, firmware: message.firmware, platform: message.platform },
      ...(isHello ? { session: { boot: message.boot, seq: message.seq } } : {}),
    });
    if (wasOffline) {
      this.event(received, 'connected', { firmware: message.firmware ?? null, boot: message.boot });
      this.announce(received.device, { connection: 'online' });
      await this.backOnline(received.device, received.receivedAt);
    }
    if (isHello) await this.deps.onHello(received.device);
  }

  private async status(device: KnownDevice, actor: SystemActor, message: TDeviceStatus, receivedAt: number) {
    const outcome = await markOfflineBySession(this.deps.ctx.db, {
      micromarketId: device.id,
      boot: message.boot,
      seq: message.seq,
    });
    if (outcome === 'stale') return this.deps.stats.reject('stale_status');
    this.deps.stats.accepted += 1;
    if (outcome === 'offline') {
      this.event({ device, actor, receivedAt, ts: receivedAt }, 'disconnected', { boot: message.boot });
      this.announce(device, { connection: 'offline' });
      await tellFleetIncident(this.deps.ctx, {
        orgId: device.orgId,
        micromarketId: device.id,
        kind: 'offline',
        details: { last_activity_at: new Date(receivedAt).toISOString() },
        at: new Date(receivedAt),
        key: `offline:${device.id}:${receivedAt}`,
      }).catch(() => 0);
    }
  }

  private async telemetry(message: TDeviceTelemetry, received: Received) {
    const at = new Date(received.receivedAt);
    const { states } = this.deps;
    this.deps.telemetry.add({
      micromarketId: received.device.id,
      at,
      temperature: message.temperature ?? null,
      defrosting: message.defrosting ?? null,
      doorOpen: message.door === undefined ? null : message.door === 'open',
      // A shelf without a scale stays NULL inside the array.
      weights: (message.weights as number[] | undefined) ?? null,
      tilt: message.tilt ?? null,
    });
    const memory = await states.memoryOf(received.device);
    const before = { door: memory.door, temperature: memory.temperature };
    states.applyTelemetry(received.device.id, at, {
      temperature: message.temperature,
      defrosting: message.defrosting,
      door: message.door,
      tilt: message.tilt,
      weights: message.weights,
    });
    if (message.door && before.door !== message.door) {
      this.event(received, message.door === 'open' ? 'door_opened' : 'door_closed');
    }
    this.announce(received.device, {
      connection: 'online',
      ...(message.temperature === undefined ? {} : { temperature: message.temperature }),
      ...(message.door === undefined ? {} : { door: message.door }),
      ...(message.defrosting === undefined ? {} : { defrosting: message.defrosting }),
    });
    if (typeof message.temperature === 'number') {
      const verdict = await applyTemperature(this.deps.ctx, received.actor, {
        micromarket: {
          id: received.device.id,
          orgId: received.device.orgId,
          temperature: before.temperature,
          overheatSince: memory.overheatSince,
          lockedAt: memory.lockedAt,
        },
        temperature: message.temperature,
        at,
      });
      memory.overheatSince = verdict.overheatSince;
      if (verdict.lock) memory.lockedAt = at;
    }
  }

  private async inventory(message: TDeviceInventory, received: Received) {
    const scan = {
      micromarketId: received.device.id,
      orgId: received.device.orgId,
      codes: [...new Set(message.tags)],
      at: new Date(received.receivedAt),
    };
    const placed = await placeTags(this.deps.ctx.db, scan);
    await recordInventory(this.deps.ctx.db, scan);
    if (placed === 0) return;
    this.event(received, 'tags_placed', { count: placed });
    // The card's products on sale follow the stock, as its other tabs follow the live state.
    this.announce(received.device, { tags_placed: placed });
  }

  private async doorSession(message: TDeviceDoorSession, received: Received) {
    const { ctx } = this.deps;
    const serverTime = (deviceTime: number) => new Date(toServerTime(deviceTime, received.ts, received.receivedAt));
    const isClosed = message.state === 'closed';
    const closedAt = isClosed ? serverTime(message.closed_at ?? received.ts) : null;
    const codes = isClosed ? [...new Set(message.taken_tags)] : [];
    const isSale = message.kind === 'customer';
    const session = {
      id: message.id,
      micromarketId: received.device.id,
      orgId: received.device.orgId,
      commandId: message.command_id ?? null,
      customerToken: message.customer_token ?? null,
      openedAt: serverTime(message.opened_at),
    };
    // Read before the write (a cached value): the cross-sensor check weighs with the organisation's tolerance.
    const toleranceGrams =
      isClosed && isSale ? (await readThresholds(ctx, received.device.orgId)).weight_tolerance_grams : 0;
    // The session, its tags and its sale are one write: a crash leaves all or none of them.
    const { outcome, taken, sale } = await ctx.db.transaction(async (tx) => {
      const outcome = await upsertDoorSession(tx, {
        id: message.id,
        micromarketId: received.device.id,
        kind: message.kind,
        commandId: session.commandId,
        openedAt: session.openedAt,
        closedAt,
        takenTags: codes,
        detections: isClosed ? message.detections : [],
        weightsBefore: message.weights_before ?? null,
        weightsAfter: isClosed ? (message.weights_after ?? null) : null,
      });
      // A deactivated organisation's session is kept as the device sent it, but starts no sale and no hold.
      const isSelling = isSale && (outcome.isOrgActive || (await hasSaleOfSession(tx, session)));
      const settings = isSelling ? readSettings(outcome.settings) : null;
      if (!isClosed) {
        const sale = outcome.isNew && settings ? await openSale(tx, session, settings) : null;
        return { outcome, taken: 0, sale };
      }
      if (!outcome.closed) return { outcome, taken: 0, sale: null };
      const taken = await takeTags(tx, {
        micromarketId: received.device.id,
        orgId: received.device.orgId,
        codes,
        kind: message.kind,
        at: closedAt!,
      });
      const sale = settings
        ? await closeSale(
            tx,
            {
              ...session,
              closedAt: closedAt!,
              takenTags: codes,
              detections: message.detections,
              weightsBefore: message.weights_before ?? null,
              weightsAfter: message.weights_after ?? null,
            },
            settings,
            { now: closedAt!, toleranceGrams },
          )
        : null;
      return { outcome, taken, sale };
    });
    if (sale) await queueSaleStep(ctx, sale, this.deps.settleNow);
    if (isSale && outcome.isNew && !outcome.isOrgActive && !sale) {
      const at = new Date(received.receivedAt);
      const reason = 'payment.refusal.organization_inactive';
      await recordRefusal(ctx.db, { micromarketId: received.device.id, reason, at });
    }
    if (!isClosed) {
      if (outcome.isNew) this.event(received, 'door_session_opened', { session_id: message.id, kind: message.kind });
      return;
    }
    if (!outcome.closed) return;
    this.event(received, 'door_session_closed', {
      session_id: message.id,
      kind: message.kind,
      taken_tags: taken,
      ...(sale ? { transaction_id: sale.sale.id } : {}),
    });
    if (taken > 0) this.announce(received.device, { tags_taken: taken });
    // Without the shelves' weights before and after there is nothing to weigh the products against.
    if (!message.weights_before || !message.weights_after) return;
    await checkSessionWeights(ctx, received.actor, {
      micromarketId: received.device.id,
      orgId: received.device.orgId,
      sessionId: message.id,
      weightsBefore: message.weights_before ?? null,
      weightsAfter: message.weights_after ?? null,
      explainedGrams: await explainedGrams(ctx.db, {
        orgId: received.device.orgId,
        codes,
        detections: message.detections,
      }),
      at: closedAt!,
    });
  }

  /**
   * The neuro camera connected or dropped: the line the sales gate reads (§8 "no neuro
   * connection"). Written before the message is acknowledged, not with the gathered lines, which
   * a failed batch would lose after the acknowledgement; a failed write is not acknowledged, so
   * the device sends it again.
   */
  private async camera(message: TDeviceCamera, received: Received) {
    await recordDeviceReport(
      this.deps.ctx.db,
      {
        actor: received.actor,
        micromarketId: received.device.id,
        kind: NEURO_EVENT,
        details: { connected: message.connected },
        at: new Date(received.receivedAt),
      },
      { boot: message.boot, seq: message.seq },
    );
  }

  private async ack(message: TDeviceAck, received: Received) {
    const db = this.deps.ctx.db;
    const at = new Date(received.receivedAt);
    const finished = await finishCommand(db, {
      id: message.command_id,
      micromarketId: received.device.id,
      status: message.status === 'done' ? 'acknowledged' : 'failed',
      result: message.result ?? null,
      error: message.status === 'failed' ? (message.error ?? 'failed') : null,
      at,
    });
    if (!finished) return;
    this.event(received, message.status === 'done' ? 'command_acknowledged' : 'command_failed', {
      command_id: message.command_id,
      type: finished.type,
    });
    this.deps.ctx.live.publish({
      topic: 'micromarket.command',
      org_id: received.device.orgId,
      id: message.command_id,
      data: { micromarket_id: received.device.id, type: finished.type, status: message.status },
    });
    if (finished.type === 'open_door' && message.status === 'failed') {
      // §4 technical analytics type 2: the door did not open on command.
      await raiseIncident(this.deps.ctx, received.actor, {
        orgId: received.device.orgId,
        micromarketId: received.device.id,
        type: TECHNICAL_ALERT.doorDidNotOpen,
        at,
        details: { command_id: message.command_id, error: message.error ?? 'failed' },
      });
    }
    if (message.status !== 'done') return;
    const result = message.result ?? {};
    if (finished.type === 'accelerometer_check' && typeof result.tilt_degrees === 'number') {
      await setTilt(db, received.device.id, result.tilt_degrees);
    }
    if (finished.type === 'update_price_tags') {
      // The labels now show what the command sent them.
      const sent = (finished.payload.tags ?? []) as { label_code: string; price_minor: number | null }[];
      for (const tag of sent) {
        await markPriceTagShown(db, {
          micromarketId: received.device.id,
          labelCode: tag.label_code,
          priceMinor: tag.price_minor,
          at,
        });
      }
    }
    if (finished.type === 'calibrate_shelf' && typeof result.weight_grams === 'number') {
      const shelf = Number(finished.payload.shelf);
      await setShelfCalibration(db, {
        micromarketId: received.device.id,
        number: shelf,
        grams: Math.round(result.weight_grams),
        at,
      });
    }
  }
}
