import type { TSensorCheck } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { isShelfOff, sensorCheckState } from './sensor-check-state';

const CHECK: TSensorCheck = {
  authority: 'rfid',
  checked_by: ['weight'],
  tolerance_grams: 50,
  expected_grams: 220,
  measured_grams: 240,
  shelves: [{ shelf: 1, measured_grams: 240, expected_grams: 220 }],
  disagreements: [],
  resolved_at: null,
  resolved_by: null,
  dataset_at: null,
};

const WEIGHT_GAP: TSensorCheck['disagreements'][number] = {
  kind: 'weight_unexplained',
  product_id: null,
  product_name: null,
  sensor: 'weight',
  counted: null,
  seen: null,
  tags: [],
  expected_grams: 220,
  measured_grams: 740,
};

describe('sensorCheckState', () => {
  it('agrees when no sensor disagreed', () => {
    expect(sensorCheckState(CHECK)).toBe('agreed');
  });

  it('is disputed while a disagreement waits for the operator', () => {
    expect(sensorCheckState({ ...CHECK, disagreements: [WEIGHT_GAP] })).toBe('disputed');
  });

  it('is resolved once a correction settled the dispute', () => {
    const resolved = { ...CHECK, disagreements: [WEIGHT_GAP], resolved_at: '2026-11-20T10:00:00.000Z', resolved_by: 1 };
    expect(sensorCheckState(resolved)).toBe('resolved');
  });
});

describe('isShelfOff', () => {
  it('lets a shelf within the tolerance pass, either way', () => {
    expect(isShelfOff({ shelf: 1, measured_grams: 270, expected_grams: 220 }, 50)).toBe(false);
    expect(isShelfOff({ shelf: 1, measured_grams: 170, expected_grams: 220 }, 50)).toBe(false);
  });

  it('flags a shelf beyond the tolerance', () => {
    expect(isShelfOff({ shelf: 2, measured_grams: 520, expected_grams: 0 }, 50)).toBe(true);
    expect(isShelfOff({ shelf: 2, measured_grams: 100, expected_grams: 220 }, 50)).toBe(true);
  });
});
