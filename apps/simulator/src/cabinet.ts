import type { TDetection } from '@vitrina/contract';
import type { FleetProduct, Sensor, TagEntry } from './fleet-file.js';
import { hashText, type Random } from './random.js';

/** An item without a known product weighs about a sandwich. */
const DEFAULT_ITEM_GRAMS = 250;

export type Item = { code: string; productId: number | null; grams: number; shelf: number };

/**
 * What is physically inside: tagged items on shelves, and each shelf scale's error (zero
 * until a weight anomaly; calibration clears it). Weights are what the scales read.
 */
export class Cabinet {
  readonly shelfCount: number;
  private readonly items = new Map<string, Item>();
  private readonly products = new Map<number, FleetProduct>();
  private readonly scaleErrors: number[];

  constructor(options: { shelfCount: number; products: FleetProduct[]; tags: TagEntry[] }) {
    this.shelfCount = options.shelfCount;
    this.scaleErrors = Array.from({ length: options.shelfCount }, () => 0);
    for (const product of options.products) this.products.set(product.id, product);
    this.add(options.tags);
  }

  /** Places tagged items on their product's shelf. */
  add(entries: TagEntry[]): Item[] {
    const added: Item[] = [];
    for (const entry of entries) {
      if (this.items.has(entry.code)) continue;
      const item = this.itemFor(entry);
      this.items.set(item.code, item);
      added.push(item);
    }
    return added;
  }

  /** Removes up to `count` random items and answers them. */
  takeRandom(count: number, random: Random): Item[] {
    const taken: Item[] = [];
    for (let i = 0; i < count && this.items.size > 0; i++) {
      const codes = [...this.items.keys()];
      const code = codes[Math.floor(random() * codes.length)]!;
      taken.push(this.items.get(code)!);
      this.items.delete(code);
    }
    return taken;
  }

  tagCodes(): string[] {
    return [...this.items.keys()];
  }

  itemCount(): number {
    return this.items.size;
  }

  /** Grams per shelf as the scales read them (index = shelf number − 1). */
  weights(): number[] {
    const totals = [...this.scaleErrors];
    for (const item of this.items.values()) totals[item.shelf - 1]! += item.grams;
    return totals.map((grams) => Math.round(grams));
  }

  /** A scale reads `grams` off (negative: lighter) although nothing tagged left. */
  skewScale(shelf: number, grams: number): void {
    this.scaleErrors[shelf - 1]! += grams;
  }

  /** Zeroes the scale's error; answers the load it then reads. */
  calibrate(shelf: number): number {
    this.scaleErrors[shelf - 1] = 0;
    return this.weights()[shelf - 1]!;
  }

  private itemFor(entry: TagEntry): Item {
    const product = entry.product_id === null ? undefined : this.products.get(entry.product_id);
    const key = entry.product_id ?? hashText(entry.code);
    return {
      code: entry.code,
      productId: entry.product_id,
      grams: product?.weight_grams ?? DEFAULT_ITEM_GRAMS,
      shelf: product?.shelf && product.shelf <= this.shelfCount ? product.shelf : (key % this.shelfCount) + 1,
    };
  }
}

/**
 * What the scales or the camera saw taken: one detection per product and shelf. Items whose
 * product the fridge does not know cannot be recognised.
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
