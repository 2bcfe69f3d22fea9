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
} from '@vitrina/contract';
import { BatchWriter } from '../lib/batch-writer.js';
import { GroupBatch } from '../lib/group-batch.js';
import { endFleetIncident } from '../modules/alerts/index.js';
import { type DeviceEventWrite, markOnline, type OnlineUpdate, recordEvents } from '../modules/micromarkets/index.js';
import { handleAck } from './channels/ack.js';
import { handleCamera } from './channels/camera.js';
import { type Channel, deviceActor, type IngestDeps, type Received } from './channels/channel.js';
import { handleDoorSession } from './channels/door-session.js';
import { handleHello } from './channels/hello.js';
import { handleInventory } from './channels/inventory.js';
import { handleStatus } from './channels/status.js';
import { handleTelemetry } from './channels/telemetry.js';
import type { DeviceRef } from './device-directory.js';
import type { InboundMessage } from './transport.js';

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

  /** What every channel's handler works with (channels/channel.ts). */
  private readonly channel: Channel;
  /** The hellos of one round trip, written in one statement (a fleet reconnecting at once). */
  private readonly hellos: GroupBatch<OnlineUpdate, boolean>;

  constructor(private readonly deps: IngestDeps) {
    this.channel = {
      ...deps,
      event: (received, kind, details = {}) =>
        this.events.add({
          actor: received.actor,
          micromarketId: received.device.id,
          kind,
          details,
          at: new Date(received.receivedAt),
        }),
      announce: (device, data) =>
        deps.ctx.live.publish({ topic: 'micromarket.state', org_id: device.orgId, id: device.id, data }),
      backOnline: (device, at) =>
        endFleetIncident(deps.ctx.db, { micromarketId: device.id, kind: 'offline', at: new Date(at) }),
      markOnline: (update) => this.hellos.add(update),
    };
    this.hellos = new GroupBatch((updates) => markOnline(deps.ctx.db, updates), { maxItems: 1000, concurrency: 2 });
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
        await handleStatus(this.channel, device, actor, parsed.data as TDeviceStatus, receivedAt);
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
      // so one whose seq fell behind the window is still acted on: with several instances
      // another instance may have moved the window past seqs this one never saw.
      const seen = await states.wouldAccept(device, envelope.boot, envelope.seq);
      if (seen === 'seen' || (seen === 'behind' && !IDEMPOTENT_BY_ID.has(topic.channel))) {
        return stats.reject('replayed');
      }
      await this.dispatchChecked(topic.channel, parsed.data, { device, actor, receivedAt, ts: envelope.ts });
      if (seen === 'late' || seen === 'behind') stats.outOfOrder += 1;
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
    const on = this.channel;
    switch (channel) {
      case 'hello':
      case 'heartbeat':
        return handleHello(on, data as TDeviceHello, received, channel === 'hello');
      case 'telemetry':
        return handleTelemetry(on, data as TDeviceTelemetry, received);
      case 'inventory':
        return handleInventory(on, data as TDeviceInventory, received);
      case 'door-session':
        return handleDoorSession(on, data as TDeviceDoorSession, received);
      case 'ack':
        return handleAck(on, data as TDeviceAck, received);
      case 'camera':
        return handleCamera(on, data as TDeviceCamera, received);
    }
  }

  /** The device state flush found a device offline that is talking again. */
  async reconnected(device: DeviceRef, at: number): Promise<void> {
    this.channel.event({ device, actor: deviceActor(device), receivedAt: at, ts: at }, 'connected');
    await this.channel.backOnline(device, at);
    this.deps.ctx.live.publish({
      topic: 'micromarket.state',
      org_id: device.orgId,
      id: device.id,
      data: { connection: 'online' },
    });
  }
}
