import { describe, expect, it } from 'vitest';
import { diffEntries } from './history-diff';

describe('diffEntries', () => {
  it('lists only the fields that changed', () => {
    expect(
      diffEntries({ name: 'Tea', sell_cost: 100, updated_at: 'a' }, { name: 'Tea', sell_cost: 120, updated_at: 'b' }),
    ).toEqual([{ field: 'sell_cost', before: 100, after: 120 }]);
  });

  it('treats a creation as every field new', () => {
    expect(diffEntries(null, { name: 'Tea', status: 'active' })).toEqual([
      { field: 'name', before: undefined, after: 'Tea' },
      { field: 'status', before: undefined, after: 'active' },
    ]);
  });

  it('compares nested values by content', () => {
    expect(diffEntries({ ids: [1, 2] }, { ids: [1, 2] })).toEqual([]);
  });
});
