import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCategory, TCreateCategory } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateCategories } from './invalidate-categories';

export const createCategory = (body: TCreateCategory) => apiPost<TCategory>('/v1/category/create', body);

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateCategories(queryClient) });
}
