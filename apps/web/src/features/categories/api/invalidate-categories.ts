import type { QueryClient } from '@tanstack/react-query';
import { optionKeys } from '../../../lib/queries/option-keys';
import { categoryKeys } from './category-keys';

/** Any change to categories touches the level lists, the counts of the parents and every tree picker. */
export const invalidateCategories = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: [...optionKeys.all, 'category-tree'] }),
  ]);
