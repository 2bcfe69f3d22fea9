import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateCategories } from './invalidate-categories';

/** 409 names how many products or subcategories still hang on the category; the client shows it. */
export const deleteCategory = (id: number) => apiPost<unknown>(`/v1/category/delete/${id}`);

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateCategories(queryClient) });
}
