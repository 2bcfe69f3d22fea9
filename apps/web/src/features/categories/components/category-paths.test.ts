import { describe, expect, it } from 'vitest';
import { childrenPath, moveId } from './category-paths';

describe('category paths', () => {
  it('drills from the first to the second and third level, not further', () => {
    expect(childrenPath({ id: 4, level: 1 })).toBe('/category/list/second/4');
    expect(childrenPath({ id: 9, level: 2 })).toBe('/category/list/third/9');
    expect(childrenPath({ id: 12, level: 3 })).toBeNull();
  });

  it('moves an id one step and refuses to leave the list', () => {
    expect(moveId([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 1, -1)).toBeNull();
    expect(moveId([1, 2, 3], 3, 1)).toBeNull();
  });
});
