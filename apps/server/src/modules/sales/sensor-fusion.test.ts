import { describe, expect, it } from 'vitest';
import { type FusionRules, fuseReading, type SessionReading } from './sensor-fusion.js';

const PANINI = 1;
const WATER = 2;
const SALAD = 3;
const gramsOf = new Map<number, number | null>([
  [PANINI, 220],
  [WATER, 520],
  [SALAD, null],
]);
const OFF = { payment_rfid: false, payment_scales: false, payment_scales_rfid_check: false, payment_neuro: false };
const rules = (modes: Partial<FusionRules['modes']>): FusionRules => ({
  modes: { ...OFF, ...modes },
  gramsOf,
  toleranceGrams: 50,
});
const RFID = rules({ payment_rfid: true });

/** Three shelves; `lost` grams per shelf left between before and after. */
function reading(parts: Partial<SessionReading> & { lost?: [number, number, number] }): SessionReading {
  const lost = parts.lost ?? [0, 0, 0];
  return {
    tags: parts.tags ?? [],
    detections: parts.detections ?? [],
    weightsBefore: [5_000, 5_000, 5_000],
    weightsAfter: lost.map((grams) => 5_000 - grams),
  };
}
const tag = (code: string, productId: number) => ({ code, productId });
const weighed = (productId: number, quantity: number, shelf: number) => ({
  productId,
  quantity,
  source: 'weight' as const,
  shelf,
});
const seen = (productId: number, quantity: number) => ({ productId, quantity, source: 'camera' as const, shelf: null });

describe('sensor fusion', () => {
  it('charges a tagged item the scales confirm once: one line by tag, no disagreement', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [weighed(PANINI, 1, 2)], lost: [0, 220, 0] }),
      RFID,
    );
    expect(fused.items).toEqual([{ productId: PANINI, quantity: 1, source: 'tag', tagCode: 'E1' }]);
    expect(fused.check).toMatchObject({
      authority: 'rfid',
      checked_by: ['weight'],
      expected_grams: 220,
      measured_grams: 220,
      disagreements: [],
    });
    expect(fused.check.shelves).toEqual([
      { shelf: 1, measured_grams: 0, expected_grams: 0 },
      { shelf: 2, measured_grams: 220, expected_grams: 220 },
      { shelf: 3, measured_grams: 0, expected_grams: 0 },
    ]);
  });

  it('in an RFID cabinet, an item the scales saw but no tag explains is a disagreement, not a charge', () => {
    const fused = fuseReading(reading({ detections: [weighed(PANINI, 1, 2)], lost: [0, 220, 0] }), RFID);
    expect(fused.items).toEqual([]);
    expect(fused.check.disagreements).toEqual([
      expect.objectContaining({ kind: 'count_differs', product_id: PANINI, sensor: 'weight', counted: 0, seen: 1 }),
      expect.objectContaining({ kind: 'weight_unexplained', expected_grams: 0, measured_grams: 220 }),
    ]);
  });

  it('a tag gone with no weight change is a disagreement (weight missing)', () => {
    const fused = fuseReading(reading({ tags: [tag('E1', WATER)] }), RFID);
    expect(fused.items).toEqual([{ productId: WATER, quantity: 1, source: 'tag', tagCode: 'E1' }]);
    expect(fused.check.disagreements).toEqual([
      expect.objectContaining({ kind: 'weight_missing', expected_grams: 520, measured_grams: 0 }),
    ]);
  });

  it('a heavy hand on a shelf at close: the counts agree but the shelves lost less than was taken', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', WATER)], detections: [weighed(WATER, 1, 1)], lost: [520, -400, 0] }),
      RFID,
    );
    expect(fused.check.disagreements).toEqual([
      expect.objectContaining({ kind: 'weight_missing', expected_grams: 520, measured_grams: 120 }),
    ]);
  });

  it('a difference within the tolerance is agreement', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [weighed(PANINI, 1, 2)], lost: [0, 265, 0] }),
      RFID,
    );
    expect(fused.check.disagreements).toEqual([]);
  });

  it('in a mixed cabinet (RFID and scales), the scales count the untagged items beyond the tags', () => {
    const fused = fuseReading(
      reading({
        tags: [tag('E1', PANINI)],
        detections: [weighed(PANINI, 1, 2), weighed(WATER, 2, 1)],
        lost: [1_040, 220, 0],
      }),
      rules({ payment_rfid: true, payment_scales: true }),
    );
    expect(fused.items).toEqual([
      { productId: PANINI, quantity: 1, source: 'tag', tagCode: 'E1' },
      { productId: WATER, quantity: 2, source: 'weight', tagCode: null },
    ]);
    expect(fused.check.disagreements).toEqual([]);
  });

  it('in a mixed cabinet, a tag the scales did not see is still a disagreement', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', PANINI), tag('E2', PANINI)], detections: [weighed(PANINI, 1, 2)], lost: [0, 220, 0] }),
      rules({ payment_rfid: true, payment_scales: true }),
    );
    expect(fused.check.disagreements).toContainEqual(
      expect.objectContaining({ kind: 'count_differs', sensor: 'weight', counted: 2, seen: 1, tags: ['E1', 'E2'] }),
    );
  });

  it('scales with an RFID check count by weight, carry the tags, and dispute a count the tags do not match', () => {
    const agreed = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [weighed(PANINI, 1, 2)], lost: [0, 220, 0] }),
      rules({ payment_scales_rfid_check: true }),
    );
    expect(agreed.items).toEqual([{ productId: PANINI, quantity: 1, source: 'weight', tagCode: 'E1' }]);
    expect(agreed.check).toMatchObject({ authority: 'scales', checked_by: ['rfid', 'weight'], disagreements: [] });

    const disputed = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [weighed(PANINI, 2, 2)], lost: [0, 440, 0] }),
      rules({ payment_scales_rfid_check: true }),
    );
    expect(disputed.items).toEqual([
      { productId: PANINI, quantity: 1, source: 'weight', tagCode: 'E1' },
      { productId: PANINI, quantity: 1, source: 'weight', tagCode: null },
    ]);
    expect(disputed.check.disagreements).toEqual([
      expect.objectContaining({ kind: 'count_differs', sensor: 'rfid', counted: 2, seen: 1 }),
    ]);
  });

  it('scales alone ignore the tags for the count', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [weighed(PANINI, 1, 2)], lost: [0, 220, 0] }),
      rules({ payment_scales: true }),
    );
    expect(fused.items).toEqual([{ productId: PANINI, quantity: 1, source: 'weight', tagCode: 'E1' }]);
    expect(fused.check.disagreements).toEqual([]);
  });

  it('a camera that counts differently from the tags is a disagreement', () => {
    const fused = fuseReading(
      reading({ tags: [tag('E1', PANINI)], detections: [seen(PANINI, 2)], lost: [0, 220, 0] }),
      rules({ payment_rfid: true, payment_neuro: false }),
    );
    expect(fused.check.disagreements).toContainEqual(
      expect.objectContaining({ kind: 'count_differs', sensor: 'camera', counted: 1, seen: 2 }),
    );
  });

  it('the camera counts in a camera cabinet, and the scales check it', () => {
    const fused = fuseReading(
      reading({ detections: [seen(WATER, 1), weighed(WATER, 1, 3)], lost: [0, 0, 520] }),
      rules({ payment_neuro: true }),
    );
    expect(fused.items).toEqual([{ productId: WATER, quantity: 1, source: 'camera', tagCode: null }]);
    expect(fused.check).toMatchObject({ authority: 'camera', disagreements: [] });
  });

  it('cannot weigh a product without a weight: no weight check, the count stands', () => {
    const fused = fuseReading(reading({ tags: [tag('E1', SALAD)], lost: [0, 0, 0] }), RFID);
    expect(fused.check).toMatchObject({ expected_grams: null, measured_grams: 0, disagreements: [] });
  });

  it('without shelf weights, only the counts are compared', () => {
    const fused = fuseReading(
      { tags: [tag('E1', PANINI)], detections: [], weightsBefore: null, weightsAfter: null },
      RFID,
    );
    expect(fused.check).toMatchObject({ measured_grams: null, shelves: [], disagreements: [], checked_by: [] });
    expect(fused.items).toHaveLength(1);
  });
});
