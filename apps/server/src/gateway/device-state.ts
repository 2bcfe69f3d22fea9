import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { GroupBatch } from '../lib/group-batch.js';
import {
  type DeviceStateWrite,
  type DeviceStateWritten,
  loadDeviceStates,
  type StoredDeviceState,
  writeDeviceStates,
  writeShelfWeights,
} from '../modules/micromarkets/index.js';
import type { DeviceRef } from './device-directory.js';
import { acceptSequence, isBehindWindow, mergeSequence, type SequenceState } from './replay.js';

/** How often changed devices are written: the live state in the database lags by at most this. */
export const DEVICE_STATE_FLUSH_MS = 100;
/**
 * How long what the food-safety rule reads (the excursion's start, the lock) is trusted from
 * memory: an operator's lock reset, or another instance's write, is seen within this.
 */
export const DEVICE_STATE_RESEED_MS = 60_000;

type Pending = Omit<DeviceStateWrite, 'micromarketId' | 'sequence'> & { weights: Map<number, number> };

/** One device as this instance knows it: the replay window, the rule's inputs, and what to write. */
export type DeviceMemory = {
  device: DeviceRef;
  sequence: SequenceState;
  door: 'open' | 'closed' | null;
  temperature: number | null;
  overheatSince: Date | null;
  lockedAt: Date | null;
  seededAt: number;
  sequenceChanged: boolean;
  pending: Pending | null;
};

export type TelemetryState = {
  temperature?: number | null | undefined;
  defrosting?: boolean | undefined;
  door?: 'open' | 'closed' | undefined;
  tilt?: number | null | undefined;
  weights?: (number | null)[] | undefined;
};

type Options = {
  db: Db;
  clock: Clock;
  logger?: FastifyBaseLogger | undefined;
  /** A device found offline when its activity was written: its `connected` event. */
  onReconnected(device: DeviceRef, at: Date): Promise<void>;
  /** The devices' activity could not be written (the database away): the presence sweep is told. */
  onWriteFailed?: (error: unknown) => void;
};

/** A flush not started yet: the devices it writes (null: every changed one), and its end. */
type QueuedFlush = { ids: Set<number> | null; done: Promise<void> };

/**
 * The devices' replay windows and live state in memory, written to the database in one
 * statement per tick for all the devices that changed, instead of two queries for the window
 * and one UPDATE of the micromarket per message (docs/decisions/023-device-ingest.md, "Device ingest"). A
 * device's memory is seeded from its row at its first message; the messages of one device
 * are handled one at a time (Ingest's queues), so nothing here races for one device except
 * a flush, which takes a device's pending changes synchronously before it writes them.
 */
export class DeviceStates {
  private readonly devices = new Map<number, DeviceMemory>();
  private readonly dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** The flush waiting for the one in flight, which later callers join. */
  private nextFlush: QueuedFlush | null = null;
  /** The devices seeded during one round trip, read in one query (a fleet back after a restart). */
  private readonly loads: GroupBatch<number, StoredDeviceState | null>;

  constructor(private readonly options: Options) {
    this.loads = new GroupBatch((ids) => loadDeviceStates(options.db, ids), { maxItems: 1000, concurrency: 2 });
  }

  /** The device's memory, seeded (or its rule inputs re-read) from the database when needed. */
  async memoryOf(device: DeviceRef): Promise<DeviceMemory> {
    const micromarketId = device.id;
    const now = this.options.clock.nowMs();
    const known = this.devices.get(micromarketId);
    if (known && now - known.seededAt < DEVICE_STATE_RESEED_MS) return known;
    const stored = await this.loads.add(micromarketId);
    const current = this.devices.get(micromarketId);
    if (current) {
      current.seededAt = now;
      current.overheatSince = stored?.overheatSince ?? null;
      current.lockedAt = stored?.lockedAt ?? null;
      if (stored) current.sequence = mergeSequence(current.sequence, stored.sequence);
      return current;
    }
    const memory: DeviceMemory = {
      device: { id: device.id, orgId: device.orgId, serial: device.serial },
      sequence: stored?.sequence ?? { boot: null, seq: null, window: 0n },
      door: stored?.door ?? null,
      temperature: stored?.temperature ?? null,
      overheatSince: stored?.overheatSince ?? null,
      lockedAt: stored?.lockedAt ?? null,
      seededAt: now,
      sequenceChanged: false,
      pending: null,
    };
    this.devices.set(micromarketId, memory);
    return memory;
  }

  /** Records (boot, seq) as seen, or answers false for a replay (replay.ts). Written at the next flush. */
  async accept(device: DeviceRef, boot: number, seq: number): Promise<boolean> {
    const micromarketId = device.id;
    const memory = await this.memoryOf(device);
    const next = acceptSequence(memory.sequence, boot, seq);
    if (!next) return false;
    memory.sequence = next;
    memory.sequenceChanged = true;
    this.markDirty(micromarketId);
    return true;
  }

  /**
   * Whether `accept` would take (boot, seq), recording nothing (a QoS 1 message is acted on
   * first): `new`, `late` (new, but below a seq of its boot taken already: it was overtaken),
   * `seen` (a replay), or `behind` the window (too old to tell).
   */
  async wouldAccept(device: DeviceRef, boot: number, seq: number): Promise<'new' | 'late' | 'seen' | 'behind'> {
    const { sequence } = await this.memoryOf(device);
    if (acceptSequence(sequence, boot, seq) !== null) {
      return sequence.boot === boot && sequence.seq !== null && seq < sequence.seq ? 'late' : 'new';
    }
    return isBehindWindow(sequence, boot, seq) ? 'behind' : 'seen';
  }

  /** A message arrived: the device is online and active (heartbeat, telemetry). */
  touch(micromarketId: number, at: Date): void {
    const memory = this.devices.get(micromarketId);
    if (!memory) return;
    memory.pending ??= { activityAt: at, weights: new Map() };
    memory.pending.activityAt = at;
    this.markDirty(micromarketId);
  }

  /** Applies a telemetry sample; the latest value of each field is written at the next flush. */
  applyTelemetry(micromarketId: number, at: Date, state: TelemetryState): void {
    const memory = this.devices.get(micromarketId);
    if (!memory) return;
    this.touch(micromarketId, at);
    const pending = memory.pending!;
    if (state.temperature !== undefined) pending.temperature = memory.temperature = state.temperature;
    if (state.door !== undefined) pending.door = memory.door = state.door;
    if (state.defrosting !== undefined) pending.defrosting = state.defrosting;
    if (state.tilt !== undefined) pending.tilt = state.tilt;
    state.weights?.forEach((grams, index) => {
      if (grams !== null) pending.weights.set(index + 1, grams);
    });
  }

  /**
   * Writes everything changed so far (or only these devices, for a message that must find
   * them stored first: a goodbye; or a QoS 1 message once acted on, so its seq survives a crash).
   * Resolves once it is written. One write is in flight at a time; the flushes asked for
   * meanwhile join the next one (a group commit), so a burst of QoS 1 messages from many
   * devices costs one statement per round trip instead of one each, one after another.
   */
  flush(only?: number[]): Promise<void> {
    if (!only) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    }
    const next = this.nextFlush;
    if (next) {
      if (!only) next.ids = null;
      else if (next.ids) for (const id of only) next.ids.add(id);
      return next.done;
    }
    const queued: QueuedFlush = { ids: only ? new Set(only) : null, done: Promise.resolve() };
    queued.done = this.flushing.then(() => {
      // From here on a new flush queues behind this write; this one takes what changed up to now.
      this.nextFlush = null;
      return this.write(this.take(queued.ids));
    });
    this.nextFlush = queued;
    this.flushing = queued.done;
    return queued.done;
  }

  /** Takes the pending changes of these devices (null: every changed one) for a write. */
  private take(only: Set<number> | null): { write: DeviceStateWrite; weights: Map<number, number> }[] {
    const ids = only ? [...only].filter((id) => this.dirty.has(id)) : [...this.dirty];
    const batch: { write: DeviceStateWrite; weights: Map<number, number> }[] = [];
    for (const id of ids) {
      this.dirty.delete(id);
      const memory = this.devices.get(id);
      if (!memory) continue;
      const pending = memory.pending;
      memory.pending = null;
      const { weights, ...state } = pending ?? { activityAt: null, weights: new Map<number, number>() };
      batch.push({
        write: { micromarketId: id, ...state, sequence: memory.sequenceChanged ? memory.sequence : null },
        weights,
      });
      memory.sequenceChanged = false;
    }
    return batch;
  }

  /** Forgets a device (it was deleted, or the tests start over). */
  forget(micromarketId: number): void {
    this.devices.delete(micromarketId);
    this.dirty.delete(micromarketId);
  }

  private markDirty(micromarketId: number): void {
    this.dirty.add(micromarketId);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, DEVICE_STATE_FLUSH_MS);
      this.timer.unref();
    }
  }

  private async write(batch: { write: DeviceStateWrite; weights: Map<number, number> }[]): Promise<void> {
    if (batch.length === 0) return;
    let written: DeviceStateWritten[];
    try {
      written = await writeDeviceStates(
        this.options.db,
        batch.map((entry) => entry.write),
      );
      await writeShelfWeights(
        this.options.db,
        batch.flatMap(({ write, weights }) =>
          [...weights].map(([number, grams]) => ({ micromarketId: write.micromarketId, number, grams })),
        ),
      );
    } catch (error) {
      // The state is written again with the device's next message; its window stays in memory.
      this.options.logger?.error({ err: error, devices: batch.length }, 'device state not written');
      this.options.onWriteFailed?.(error);
      for (const { write } of batch) {
        const memory = this.devices.get(write.micromarketId);
        if (!memory || !write.sequence) continue;
        memory.sequenceChanged = true;
        this.markDirty(write.micromarketId);
      }
      return;
    }
    const activityOf = new Map(batch.map(({ write }) => [write.micromarketId, write.activityAt]));
    for (const row of written) {
      const memory = this.devices.get(row.micromarketId);
      // Another instance's seqs (a hand-over) join this one's window.
      if (memory) memory.sequence = mergeSequence(memory.sequence, row.sequence);
      const at = activityOf.get(row.micromarketId);
      if (row.wasOffline && at && memory) {
        await this.options.onReconnected(memory.device, at).catch((error: unknown) => {
          this.options.logger?.error({ err: error, micromarketId: row.micromarketId }, 'connected event failed');
        });
      }
    }
  }
}
