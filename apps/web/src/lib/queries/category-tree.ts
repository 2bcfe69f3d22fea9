import { api, type TCategoryTree } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

export type CategoryTreeItem = TCategoryTree['items'][number];
export type CategoryTreeNode = { value: number; title: string; children?: CategoryTreeNode[] };

/** Every visible category (or `orgId`'s) for pickers; any category change refreshes it with its area. */
export function useCategoryTree(orgId?: number) {
  return useEndpoint(api.category.tree, { query: { org_id: orgId } });
}

/** The flat list of the API as nested nodes for a TreeSelect, each level in its saved order. */
export function buildCategoryNodes(
  items: readonly CategoryTreeItem[],
  parentId: number | null = null,
): CategoryTreeNode[] {
  return items
    .filter((item) => item.parent_id === parentId)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((item) => {
      const children = buildCategoryNodes(items, item.id);
      return { value: item.id, title: item.name, ...(children.length > 0 ? { children } : {}) };
    });
}
