import { describe, expect, it } from 'vitest';
import { expiryOf } from './expiry';

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('expiryOf', () => {
  it('marks passed dates expired and the next 24 hours expiring', () => {
    expect(expiryOf({ status: 'new', store_up_to: '2025-03-01T11:00:00Z' }, NOW)).toBe('expired');
    expect(expiryOf({ status: 'in_micromarket', store_up_to: '2025-03-02T11:00:00Z' }, NOW)).toBe('expiring');
    expect(expiryOf({ status: 'new', store_up_to: '2025-03-03T12:00:00Z' }, NOW)).toBe('fresh');
  });

  it('ignores tags that left the shelf', () => {
    expect(expiryOf({ status: 'sold', store_up_to: '2025-02-01T00:00:00Z' }, NOW)).toBe('fresh');
  });
});
