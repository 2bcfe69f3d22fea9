import type { TDetection } from '@vitrina/contract';
import type { FleetProduct, Sensor, TagEntry } from './fleet-file.js';
import { hashText, type Random } from './random.js';

/** An item without a known product weighs about a sandwich. */
const DEFAULT_ITEM_GRAMS = 250;

/** `tag` is null for an item the reader cannot see: it never had a tag, or its tag was peeled off. */
export type Item = { tag: string | null; productId: number | null; grams: number; shelf: number };

/**
 * What is physically inside: items on shelves (most tagged), tags lying loose (peeled off
 * an item that left; a sticker weighs nothing a scale notices), each shelf scale's error
 * (zero until a weight anomaly; calibration clears it) and a hand pressing on a shelf for a
 * moment. Weights are what the scales read.
 */
export class Cabinet {
  readonly shelfCount: number;
  private readonly items: Item[] = [];
  private readonly looseTags = new Map<string, number>();
  private readonly products = new Map<number, FleetProduct>();
  private readonly scaleErrors: number[];
  private readonly pressure: number[];

  constructor(options: { shelfCount: number; products: FleetProduct[]; tags: TagEntry[] }) {
    this.shelfCount = options.shelfCount;
    this.scaleErrors = Array.from({ length: options.shelfCount }, () => 0);
    this.pressure = Array.from({ length: options.shelfCount }, () => 0);
    for (const product of options.products) this.products.set(product.id, product);
    this.add(options.tags);
  }

  /** Places tagged items on their product's shelf; a tag already inside is not added twice. */
  add(entries: TagEntry[]): Item[] {
    const inside = new Set(this.tagCodes());
    const added: Item[] = [];
    for (const entry of entries) {
      if (inside.has(entry.code)) continue;
      inside.add(entry.code);
      const item = this.itemFor(entry.product_id, entry.code);
      this.items.push(item);
      added.push(item);
    }
    return added;
  }

  /** Places an item of a product with no tag on it (stock that came in unlabelled). */
  addUntagged(productId: number): Item {
    const item = this.itemFor(productId, null);
    this.items.push(item);
    return item;
  }

  /** Removes up to `count` random items and answers them. */
  takeRandom(count: number, random: Random): Item[] {
    const taken: Item[] = [];
    for (let i = 0; i < count && this.items.length > 0; i++) {
      taken.push(...this.items.splice(Math.floor(random() * this.items.length), 1));
    }
    return taken;
  }

  /** Removes this very item (e.g. the untagged one a customer reached for); false when it is not inside. */
  take(item: Item): boolean {
    const index = this.items.indexOf(item);
    if (index < 0) return false;
    this.items.splice(index, 1);
    return true;
  }

  /**
   * A random tagged item leaves without its tag, which stays on the shelf and is still read;
   * items of a known product are preferred, since only they can be recognised. Answers the
   * item as it left (untagged), or null when nothing tagged is inside.
   */
  takeLeavingTag(random: Random): Item | null {
    const tagged = this.items.filter((item) => item.tag !== null);
    const known = tagged.filter((item) => item.productId !== null);
    const pool = known.length > 0 ? known : tagged;
    if (pool.length === 0) return null;
    const item = pool[Math.floor(random() * pool.length)]!;
    this.take(item);
    this.looseTags.set(item.tag!, item.shelf);
    return { ...item, tag: null };
  }

  /** Every tag the reader sees: on items and lying loose. */
  tagCodes(): string[] {
    const onItems = this.items.flatMap((item) => (item.tag === null ? [] : [item.tag]));
    return [...onItems, ...this.looseTags.keys()];
  }

  itemCount(): number {
    return this.items.length;
  }

  knownProducts(): FleetProduct[] {
    return [...this.products.values()];
  }

  /** Grams per shelf as the scales read them (index = shelf number − 1). */
  weights(): number[] {
    const totals = this.scaleErrors.map((error, index) => error + this.pressure[index]!);
    for (const item of this.items) totals[item.shelf - 1]! += item.grams;
    return totals.map((grams) => Math.round(grams));
  }

  /** A scale reads `grams` off (negative: lighter) although nothing tagged left. */
  skewScale(shelf: number, grams: number): void {
    this.scaleErrors[shelf - 1]! += grams;
  }

  /** Someone presses on a shelf: its scale reads `grams` more until `release`. */
  press(shelf: number, grams: number): void {
    this.pressure[shelf - 1]! += grams;
  }

  /** Nobody presses any more; true when a scale's reading changed. */
  release(): boolean {
    const wasPressed = this.pressure.some((grams) => grams !== 0);
    this.pressure.fill(0);
    return wasPressed;
  }

  /** Zeroes the scale's error; answers the load it then reads. */
  calibrate(shelf: number): number {
    this.scaleErrors[shelf - 1] = 0;
    return this.weights()[shelf - 1]!;
  }

  private itemFor(productId: number | null, tag: string | null): Item {
    const product = productId === null ? undefined : this.products.get(productId);
    const key = productId ?? hashText(tag ?? '');
    return {
      tag,
      productId,
      grams: product?.weight_grams ?? DEFAULT_ITEM_GRAMS,
      shelf: product?.shelf && product.shelf <= this.shelfCount ? product.shelf : (key % this.shelfCount) + 1,
    };
  }
}

/**
 * What the scales or the camera saw taken: one detection per product and shelf, tagged or
 * not. Items whose product the fridge does not know cannot be recognised.
 */
export function detectionsFor(taken: Item[], sensors: readonly Sensor[]): TDetection[] {
  const source = sensors.includes('camera') ? 'camera' : sensors.includes('weight') ? 'weight' : null;
  if (!source) return [];
  const grouped = new Map<string, TDetection>();
  for (const item of taken) {
    if (item.productId === null) continue;
    const key = `${item.productId}:${item.shelf}`;
    const existing = grouped.get(key);
    if (existing) existing.quantity += 1;
    else grouped.set(key, { product_id: item.productId, quantity: 1, source, shelf: item.shelf });
  }
  return [...grouped.values()];
}
