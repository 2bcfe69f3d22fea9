import { describe, expect, it } from 'vitest';
import { buildCategoryNodes } from './category-tree';

const item = (id: number, parentId: number | null, position: number, name = `c${id}`) => ({
  id,
  org_id: 1,
  parent_id: parentId,
  level: 1,
  name,
  position,
});

describe('buildCategoryNodes', () => {
  it('nests children under their parents in saved order', () => {
    const nodes = buildCategoryNodes([item(1, null, 2), item(2, null, 1), item(3, 1, 0), item(4, 3, 0)]);
    expect(nodes).toEqual([
      { value: 2, title: 'c2' },
      { value: 1, title: 'c1', children: [{ value: 3, title: 'c3', children: [{ value: 4, title: 'c4' }] }] },
    ]);
  });
});
