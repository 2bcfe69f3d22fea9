import { type TFleetFridgeInput, ZFleetFridge } from '@vitrina/contract';
import { type Behaviour, isSensorFault, type SensorFaultKind } from '../../../simulator/src/behaviour.js';
import type { Item } from '../../../simulator/src/cabinet.js';
import type { ManualClock } from '../../../simulator/src/clock.js';
import type { Opening, SessionKind } from '../../../simulator/src/door.js';
import { MemoryFlash } from '../../../simulator/src/flash.js';
import { Fridge } from '../../../simulator/src/fridge.js';
import type { LinkFactory } from '../../../simulator/src/link.js';
import { mqttLinkFactory } from '../../../simulator/src/mqtt-link.js';
import { seededRandom } from '../../../simulator/src/random.js';
import type { Uplink } from '../../../simulator/src/uplink.js';

/** One door session as the fridge lived it: who opened, which sensor faults struck, what physically left. */
export type LivedSession = {
  id: string;
  kind: SessionKind;
  customerToken: string | null;
  faults: SensorFaultKind[];
  /** Every item that left the cabinet (with its tag, or none when it had none or left it behind); null while open. */
  taken: { tag: string | null; productId: number | null }[] | null;
  /**
   * What the shelves reported losing beyond what physically left, in grams (a skewed scale, a
   * hand on a shelf): the shelves' weights before − after, less the items' weights. Null while open.
   */
  scaleErrorGrams: number | null;
};

/**
 * A virtual fridge of apps/simulator against a real broker, watched from outside: every
 * message it publishes is counted (so a test waits until the server has received them all),
 * every door session it reports is recorded with what physically left the cabinet (the items
 * the customer's hand took, which the sensors may see differently) and the sensor faults that
 * struck it. The fridge itself is the simulator's, unchanged; the watching wraps its door,
 * uplink and fault switch on this one instance.
 */
export class WatchedFridge {
  readonly fridge: Fridge;
  readonly sessions = new Map<string, LivedSession>();
  /** Messages handed to the broker connection (every channel). */
  published = 0;
  private readonly pendingFaults = new Set<SensorFaultKind>();
  private lastTaken: Item[] | null = null;

  constructor(options: {
    fleet: TFleetFridgeInput;
    url: string;
    clock: ManualClock;
    seed: number;
    behaviour: Partial<Behaviour>;
  }) {
    const fleet = ZFleetFridge.parse(options.fleet);
    const mqtt = mqttLinkFactory({ url: options.url, serial: fleet.serial, token: fleet.token });
    const counting: LinkFactory = (handlers) => {
      const link = mqtt(handlers);
      return {
        connect: (will) => link.connect(will),
        close: (how) => link.close(how),
        publish: (topic, payload, qos) => {
          this.published += 1;
          link.publish(topic, payload, qos);
        },
      };
    };
    this.fridge = new Fridge({
      fridge: fleet,
      clock: options.clock,
      linkFactory: counting,
      flash: new MemoryFlash(),
      random: seededRandom(options.seed),
      behaviour: options.behaviour,
    });
    this.watch();
  }

  get serial(): string {
    return this.fridge.serial;
  }

  /** Customer sessions the fridge closed, with what left. */
  closedCustomerSessions(): (LivedSession & { taken: NonNullable<LivedSession['taken']> })[] {
    return [...this.sessions.values()].flatMap((session) =>
      session.kind === 'customer' && session.taken ? [{ ...session, taken: session.taken }] : [],
    );
  }

  private watch(): void {
    const { fridge } = this;
    // What the hand took: the door asks `inside()` just before it reports the close.
    const door = fridge.door;
    const open = door.open.bind(door);
    door.open = (opening: Opening) =>
      open({
        ...opening,
        inside: () => {
          const items = opening.inside();
          this.lastTaken = items;
          return items;
        },
      });
    // The faults armed for the next customer: the simulator's own switch, seen from outside.
    const inject = fridge.inject.bind(fridge);
    fridge.inject = (kind, on = true) => {
      if (isSensorFault(kind)) {
        if (on) this.pendingFaults.add(kind);
        else this.pendingFaults.delete(kind);
      }
      inject(kind, on);
    };
    // Every door session report, as the fridge hands it to its uplink (online or kept offline).
    const uplink = fridge.uplink;
    const send = uplink.send.bind(uplink);
    uplink.send = (...args: Parameters<Uplink['send']>) => {
      const [channel, body] = args;
      if (channel === 'door-session') this.record(body);
      send(...args);
    };
  }

  private record(body: Record<string, unknown>): void {
    const id = String(body.id);
    const kind = body.kind as SessionKind;
    if (body.state === 'opened') {
      // The pending sensor faults strike the customer who opens the door (SensorFaults.strike).
      const faults = kind === 'customer' ? [...this.pendingFaults] : [];
      if (kind === 'customer') this.pendingFaults.clear();
      const token = typeof body.customer_token === 'string' ? body.customer_token : null;
      this.sessions.set(id, { id, kind, customerToken: token, faults, taken: null, scaleErrorGrams: null });
      return;
    }
    const session = this.sessions.get(id);
    const taken = this.lastTaken;
    this.lastTaken = null;
    if (!session || !taken) throw new Error(`${this.serial}: session ${id} closed without being watched opening`);
    session.taken = taken.map((item) => ({ tag: item.tag, productId: item.productId }));
    const before = (body.weights_before ?? []) as (number | null)[];
    const after = (body.weights_after ?? []) as (number | null)[];
    const lost = before.reduce<number>((total, grams, shelf) => total + (grams ?? 0) - (after[shelf] ?? 0), 0);
    session.scaleErrorGrams = lost - taken.reduce((total, item) => total + item.grams, 0);
  }
}
