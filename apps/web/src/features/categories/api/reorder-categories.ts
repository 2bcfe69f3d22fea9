import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReorderCategories } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateCategories } from './invalidate-categories';

export const reorderCategories = (body: TReorderCategories) => apiPost<unknown>('/v1/category/reorder', body);

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reorderCategories, onSettled: () => invalidateCategories(queryClient) });
}
