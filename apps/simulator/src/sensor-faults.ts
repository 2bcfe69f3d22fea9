import { ANOMALY_GRAMS, HEAVY_HAND_GRAMS, SENSOR_FAULT_KINDS, type SensorFaultKind } from './behaviour.js';
import type { Cabinet, Item } from './cabinet.js';
import { integerBetween, type Random } from './random.js';

/** The faults that struck one customer session, applied as its door closes. */
export type StruckSession = {
  /** Just before the door closes: what leaves, given what the customer would take otherwise. */
  inside(takeAsUsual: () => Item[]): Item[];
  /** After the closed message and its telemetry: a hand on a shelf lets go. True when a scale changed. */
  afterClose(): boolean;
};

/**
 * One-shot faults, pending until a customer opens the door. Each leaves the cabinet
 * physically consistent while its sensors disagree, as real hardware does:
 * - weight-anomaly: a scale drifts lighter with nothing taken (until it is calibrated);
 * - untagged-item: an item of a known product with no tag is taken: the scales (and the
 *   camera) see it go, the reader does not;
 * - tag-left: an item leaves but its tag, peeled off, stays on the shelf and is still read;
 * - heavy-hand: a hand on a shelf as the door closes makes that scale read heavier for the
 *   moment of closing; tags and detections are true.
 */
export class SensorFaults {
  private readonly pending = new Set<SensorFaultKind>();

  constructor(private readonly deps: { cabinet: Cabinet; random: Random; log: (line: string) => void }) {}

  /** Arms a fault for the next customer session; off disarms it if it has not struck yet. */
  set(kind: SensorFaultKind, on: boolean): void {
    if (on) this.pending.add(kind);
    else this.pending.delete(kind);
  }

  get pendingKinds(): SensorFaultKind[] {
    return SENSOR_FAULT_KINDS.filter((kind) => this.pending.has(kind));
  }

  /**
   * A customer is opening the door: the pending faults strike this session. Called before the
   * door reads `weights_before`, so an untagged item already weighs on its shelf.
   */
  strike(): StruckSession | null {
    const kinds = this.pendingKinds;
    if (kinds.length === 0) return null;
    this.pending.clear();
    const untagged = kinds.includes('untagged-item') ? this.placeUntaggedItem() : null;
    return {
      inside: (takeAsUsual) => this.inside(kinds, untagged, takeAsUsual),
      afterClose: () => this.deps.cabinet.release(),
    };
  }

  private inside(kinds: SensorFaultKind[], untagged: Item | null, takeAsUsual: () => Item[]): Item[] {
    const { cabinet, random, log } = this.deps;
    const taken: Item[] = [];
    if (untagged && cabinet.take(untagged)) taken.push(untagged);
    if (kinds.includes('tag-left')) {
      const item = cabinet.takeLeavingTag(random);
      if (item) taken.push(item);
      else log('tag-left: nothing tagged inside to take');
    }
    if (kinds.includes('weight-anomaly')) {
      // Something heavy left without a tag or a detection: only the scale noticed.
      const shelf = integerBetween(random, 1, cabinet.shelfCount);
      cabinet.skewScale(shelf, -integerBetween(random, ...ANOMALY_GRAMS));
    }
    // A customer who leans on a shelf shops as usual; the other faults make up the whole
    // session, so its readings disagree by exactly the fault and nothing else.
    if (kinds.every((kind) => kind === 'heavy-hand')) taken.push(...takeAsUsual());
    if (kinds.includes('heavy-hand')) {
      const shelf = integerBetween(random, 1, cabinet.shelfCount);
      cabinet.press(shelf, integerBetween(random, ...HEAVY_HAND_GRAMS));
    }
    return taken;
  }

  /**
   * Stock that came in without a tag, of a product the fridge knows (one with a weight when
   * there is one, so the scales can tell it apart).
   */
  private placeUntaggedItem(): Item | null {
    const { cabinet, random, log } = this.deps;
    const products = cabinet.knownProducts();
    const weighed = products.filter((product) => product.weight_grams);
    const choices = weighed.length > 0 ? weighed : products;
    if (choices.length === 0) {
      log('untagged-item: the fridge knows no product to make one of');
      return null;
    }
    return cabinet.addUntagged(choices[Math.floor(random() * choices.length)]!.id);
  }
}
