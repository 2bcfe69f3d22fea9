import type { TMicromarketSettings, TSensorCheck, TSensorDisagreement } from '@vitrina/contract';
import type { TakenItem } from './pricing.js';

/**
 * One reading of what left the cabinet (DESIGN §9). A closed door session reports what each
 * sensor saw: the RFID reader's taken tags, the scales' and the camera's detections per
 * product, and the shelves' weights before and after. The micromarket's payment mode decides
 * which sensor counts; the others check it. A confirming reading never adds a line, and when
 * the readings disagree beyond tolerance the sale goes to manual processing with the numbers,
 * never to a guessed charge. Pure: tested without a database.
 */

export type Authority = TSensorCheck['authority'];
type Detection = { productId: number; quantity: number; source: 'weight' | 'camera'; shelf: number | null };
type Weights = readonly (number | null)[] | null;

export type SessionReading = {
  /** Taken tags this organisation knows, with their product. */
  tags: readonly { code: string; productId: number }[];
  detections: readonly Detection[];
  weightsBefore: Weights;
  weightsAfter: Weights;
};

export type FusionRules = {
  modes: Pick<TMicromarketSettings, 'payment_rfid' | 'payment_scales' | 'payment_scales_rfid_check' | 'payment_neuro'>;
  /** Grams per product (null: unknown, so the weight check cannot weigh that product). */
  gramsOf: ReadonlyMap<number, number | null>;
  toleranceGrams: number;
};

export type FusedReading = {
  items: TakenItem[];
  check: Omit<TSensorCheck, 'resolved_at' | 'resolved_by' | 'dataset_at'>;
};

/**
 * Which sensor counts: scales with an RFID check count by weight and RFID checks them; an
 * RFID cabinet counts tags; a scales-only or camera-only cabinet counts by its sensor.
 * `extraBy`: in a mixed cabinet (RFID plus scales or camera payment) that sensor counts the
 * untagged items beyond the tags; in an RFID-only cabinet an item no tag explains is a
 * disagreement.
 */
export function authorityOf(
  modes: FusionRules['modes'],
  reading: Pick<SessionReading, 'tags' | 'detections'>,
): { authority: Authority; extraBy: 'weight' | 'camera' | null } {
  if (modes.payment_scales_rfid_check) return { authority: 'scales', extraBy: null };
  if (modes.payment_rfid) {
    const extraBy = modes.payment_scales ? 'weight' : modes.payment_neuro ? 'camera' : null;
    return { authority: 'rfid', extraBy };
  }
  if (modes.payment_scales) return { authority: 'scales', extraBy: null };
  if (modes.payment_neuro) return { authority: 'camera', extraBy: null };
  // No payment mode on (the sales gate refuses such a cabinet): the sensor that reported counts.
  if (reading.tags.length > 0) return { authority: 'rfid', extraBy: null };
  return { authority: reading.detections.some((d) => d.source === 'camera') ? 'camera' : 'scales', extraBy: null };
}

const countBy = <T>(rows: readonly T[], key: (row: T) => number, weight: (row: T) => number) => {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + weight(row));
  return counts;
};

function detectionsBy(reading: SessionReading, source: 'weight' | 'camera') {
  const rows = reading.detections.filter((detection) => detection.source === source);
  return {
    rows,
    counts: countBy(
      rows,
      (row) => row.productId,
      (row) => row.quantity,
    ),
    reported: rows.length > 0,
  };
}

/** Grams each weighed shelf lost (before − after), by shelf number; null without both readings. */
export function shelfLosses(before: Weights, after: Weights): Map<number, number> | null {
  if (!before || !after || before.length !== after.length) return null;
  const losses = new Map<number, number>();
  before.forEach((grams, index) => {
    const later = after[index];
    if (grams === null || later === null || later === undefined) return;
    losses.set(index + 1, grams - later);
  });
  return losses.size === 0 ? null : losses;
}

export function fuseReading(reading: SessionReading, rules: FusionRules): FusedReading {
  const { authority, extraBy } = authorityOf(rules.modes, reading);
  const byTag = countBy(
    reading.tags,
    (tag) => tag.productId,
    () => 1,
  );
  const weight = detectionsBy(reading, 'weight');
  const camera = detectionsBy(reading, 'camera');
  const hasRfid = rules.modes.payment_rfid || rules.modes.payment_scales_rfid_check || reading.tags.length > 0;
  const hasCamera = rules.modes.payment_neuro || camera.reported;
  const countsWeight = rules.modes.payment_scales || rules.modes.payment_scales_rfid_check || weight.reported;

  // What the authority counts, per product: tagged items by tag, the rest by the counting sensor.
  const counted = new Map<number, number>();
  const untagged = new Map<number, number>();
  const untaggedSource: TakenItem['source'] = authority === 'camera' || extraBy === 'camera' ? 'camera' : 'weight';
  if (authority === 'rfid') {
    for (const [productId, quantity] of byTag) counted.set(productId, quantity);
    const extra =
      extraBy === 'weight' ? weight.counts : extraBy === 'camera' ? camera.counts : new Map<number, number>();
    for (const [productId, seen] of extra) {
      const beyond = seen - (byTag.get(productId) ?? 0);
      if (beyond <= 0) continue;
      counted.set(productId, (counted.get(productId) ?? 0) + beyond);
      untagged.set(productId, beyond);
    }
  } else {
    for (const [productId, quantity] of authority === 'scales' ? weight.counts : camera.counts) {
      if (quantity <= 0) continue;
      counted.set(productId, quantity);
      // The tags that left with the product identify its items; the count is the sensor's.
      untagged.set(productId, Math.max(0, quantity - (byTag.get(productId) ?? 0)));
    }
  }

  // Every other sensor that is there checks the count, product by product.
  const disagreements: TSensorDisagreement[] = [];
  const checkedBy: TSensorCheck['checked_by'] = [];
  const compare = (sensor: 'rfid' | 'weight' | 'camera', seen: Map<number, number>) => {
    checkedBy.push(sensor);
    for (const productId of new Set([...counted.keys(), ...seen.keys()])) {
      const count = counted.get(productId) ?? 0;
      const saw = seen.get(productId) ?? 0;
      // A mixed cabinet's extra sensor sees tagged items too: only fewer than the tags is a disagreement there.
      const agrees = sensor === extraBy ? saw >= (byTag.get(productId) ?? 0) : saw === count;
      if (agrees) continue;
      disagreements.push({
        kind: 'count_differs',
        product_id: productId,
        sensor,
        counted: count,
        seen: saw,
        tags: reading.tags.filter((tag) => tag.productId === productId).map((tag) => tag.code),
        expected_grams: null,
        measured_grams: null,
      });
    }
  };
  if (authority !== 'rfid' && hasRfid && (authority === 'scales' ? rules.modes.payment_scales_rfid_check : true))
    compare('rfid', byTag);
  if (authority !== 'scales' && countsWeight) compare('weight', weight.counts);
  if (authority !== 'camera' && hasCamera) compare('camera', camera.counts);

  // The shelves weigh the whole reading: what left must weigh what was counted.
  const losses = shelfLosses(reading.weightsBefore, reading.weightsAfter);
  let expectedGrams: number | null = 0;
  for (const [productId, quantity] of counted) {
    const grams = rules.gramsOf.get(productId);
    expectedGrams =
      grams === null || grams === undefined || expectedGrams === null ? null : expectedGrams + grams * quantity;
  }
  const measuredGrams = losses ? [...losses.values()].reduce((sum, grams) => sum + grams, 0) : null;
  if (losses && !checkedBy.includes('weight')) checkedBy.push('weight');
  if (expectedGrams !== null && measuredGrams !== null) {
    const gap = measuredGrams - expectedGrams;
    if (Math.abs(gap) > rules.toleranceGrams) {
      disagreements.push({
        kind: gap > 0 ? 'weight_unexplained' : 'weight_missing',
        product_id: null,
        sensor: 'weight',
        counted: null,
        seen: null,
        tags: [],
        expected_grams: expectedGrams,
        measured_grams: measuredGrams,
      });
    }
  }

  return {
    items: itemsOf(counted, untagged, reading.tags, authority === 'rfid' ? 'tag' : untaggedSource, untaggedSource),
    check: {
      authority,
      checked_by: checkedBy,
      tolerance_grams: rules.toleranceGrams,
      expected_grams: expectedGrams,
      measured_grams: measuredGrams,
      shelves: shelvesOf(losses, weight.reported ? weight.rows : camera.rows, rules.gramsOf),
      disagreements,
    },
  };
}

/**
 * The counted items as lines: each taken tag of a counted product is a line of its own (so
 * the tag is sold with it), the untagged rest of the product one line by its sensor.
 */
function itemsOf(
  counted: Map<number, number>,
  untagged: Map<number, number>,
  tags: SessionReading['tags'],
  taggedSource: TakenItem['source'],
  untaggedSource: TakenItem['source'],
): TakenItem[] {
  const items: TakenItem[] = [];
  for (const [productId, quantity] of counted) {
    const rest = untagged.get(productId) ?? 0;
    const tagged = tags.filter((tag) => tag.productId === productId).slice(0, quantity - rest);
    for (const tag of tagged) items.push({ productId, quantity: 1, source: taggedSource, tagCode: tag.code });
    if (quantity > tagged.length) {
      items.push({ productId, quantity: quantity - tagged.length, source: untaggedSource, tagCode: null });
    }
  }
  return items;
}

/** Each weighed shelf's loss beside the grams of the detections placed on it. */
function shelvesOf(
  losses: Map<number, number> | null,
  detections: readonly Detection[],
  gramsOf: FusionRules['gramsOf'],
) {
  if (!losses) return [];
  return [...losses].map(([shelf, measured]) => ({
    shelf,
    measured_grams: measured,
    expected_grams: detections
      .filter((detection) => detection.shelf === shelf)
      .reduce((sum, detection) => sum + (gramsOf.get(detection.productId) ?? 0) * detection.quantity, 0),
  }));
}
