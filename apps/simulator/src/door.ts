import type { Cabinet } from './cabinet.js';
import { detectionsFor, type Item } from './cabinet.js';
import type { Clock, TimerId } from './clock.js';
import type { Sensor } from './fleet-file.js';
import { type Random, randomUuid } from './random.js';
import type { Uplink } from './uplink.js';

export type SessionKind = 'customer' | 'courier' | 'service';

export type Opening = {
  kind: SessionKind;
  /** The open_door command that opened it. */
  commandId?: string;
  /** The customer's card token the reader saw at the door. */
  customerToken?: string;
  /** How long the door stays open, clock milliseconds. */
  openForMs: number;
  /** What happens inside just before the door closes; answers the items that left (with their tags, if any). */
  inside: () => Item[];
  onClosed?: () => void;
};

type Session = {
  id: string;
  opening: Opening;
  openedAt: number;
  weightsBefore: number[];
  timer: TimerId;
};

export type DoorDeps = {
  clock: Clock;
  random: Random;
  cabinet: Cabinet;
  uplink: Uplink;
  sensors: readonly Sensor[];
  /** The door or the weights changed: telemetry is due. */
  onChange: () => void;
  /** The door closed: the reader counts what is inside. */
  onClosed: () => void;
};

/**
 * One opening at a time: `opened` when the door opens, `closed` with what left the cabinet
 * (tags, detections, weights before and after) when it closes, both under one UUID.
 */
export class Door {
  private session: Session | null = null;

  constructor(private readonly deps: DoorDeps) {}

  get isOpen(): boolean {
    return this.session !== null;
  }

  get openKind(): SessionKind | null {
    return this.session?.opening.kind ?? null;
  }

  /** False when the door is already open. */
  open(opening: Opening): boolean {
    if (this.session) return false;
    const { clock, random, cabinet, uplink } = this.deps;
    const session: Session = {
      id: randomUuid(random),
      opening,
      openedAt: clock.now(),
      weightsBefore: cabinet.weights(),
      timer: clock.setTimer(opening.openForMs, () => this.close()),
    };
    this.session = session;
    uplink.send('door-session', {
      id: session.id,
      state: 'opened',
      kind: opening.kind,
      ...(opening.commandId ? { command_id: opening.commandId } : {}),
      ...(opening.customerToken ? { customer_token: opening.customerToken } : {}),
      opened_at: session.openedAt,
      taken_tags: [],
      detections: [],
      weights_before: session.weightsBefore,
    });
    this.deps.onChange();
    return true;
  }

  /** Closes now (also ahead of its time, e.g. before a reboot). */
  close(): void {
    const session = this.session;
    if (!session) return;
    const { clock, cabinet, uplink, sensors } = this.deps;
    clock.clearTimer(session.timer);
    const taken = session.opening.inside();
    this.session = null;
    uplink.send('door-session', {
      id: session.id,
      state: 'closed',
      kind: session.opening.kind,
      ...(session.opening.commandId ? { command_id: session.opening.commandId } : {}),
      ...(session.opening.customerToken ? { customer_token: session.opening.customerToken } : {}),
      opened_at: session.openedAt,
      closed_at: clock.now(),
      // The reader lists only tags that left; an untagged item shows in detections and weights alone.
      taken_tags: sensors.includes('rfid') ? taken.flatMap((item) => (item.tag === null ? [] : [item.tag])) : [],
      detections: detectionsFor(taken, sensors),
      weights_before: session.weightsBefore,
      weights_after: cabinet.weights(),
    });
    this.deps.onChange();
    this.deps.onClosed();
    session.opening.onClosed?.();
  }
}
