import { CATEGORY_MAX_LEVEL } from '@vitrina/contract';

const LEVEL_SEGMENTS: Record<number, string> = { 1: 'second', 2: 'third' };

/** Where a category's children are listed, or null for the third level, which has none. */
export function childrenPath(category: { id: number; level: number }): string | null {
  if (category.level >= CATEGORY_MAX_LEVEL) return null;
  const segment = LEVEL_SEGMENTS[category.level];
  return segment ? `/category/list/${segment}/${category.id}` : null;
}

export const CATEGORY_ROOT_PATH = '/category/list';

/** The ids of one parent's children after moving `id` one step up or down; null when it cannot move. */
export function moveId(ids: readonly number[], id: number, step: -1 | 1): number[] | null {
  const index = ids.indexOf(id);
  const target = index + step;
  if (index === -1 || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}
