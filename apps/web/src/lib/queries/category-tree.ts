import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCategoryTree } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export type CategoryTreeItem = TCategoryTree['items'][number];
export type CategoryTreeNode = { value: number; title: string; children?: CategoryTreeNode[] };

export const getCategoryTree = (orgId?: number, signal?: AbortSignal) =>
  apiGet<TCategoryTree>('/v1/category/tree', { query: { org_id: orgId }, signal });

export const categoryTreeQuery = (orgId?: number) =>
  queryOptions({ queryKey: optionKeys.categoryTree(orgId), queryFn: ({ signal }) => getCategoryTree(orgId, signal) });

export function useCategoryTree(orgId?: number) {
  return useQuery(categoryTreeQuery(orgId));
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
