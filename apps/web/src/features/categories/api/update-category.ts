import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCategory, TUpdateCategory } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateCategories } from './invalidate-categories';

export const updateCategory = (input: { id: number; body: TUpdateCategory }) =>
  apiPost<TCategory>(`/v1/category/update/${input.id}`, input.body);

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateCategories(queryClient) });
}
