import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCopyProducts, TCopyResult } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { optionKeys } from '../../../lib/queries/option-keys';
import { invalidateProducts } from './invalidate-products';

export const copyProducts = (body: TCopyProducts) => apiPost<TCopyResult>('/v1/product/copy', body);

export function useCopyProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyProducts,
    // Copies may bring their makers and categories into the target organisations.
    onSuccess: () =>
      Promise.all([invalidateProducts(queryClient), queryClient.invalidateQueries({ queryKey: optionKeys.all })]),
  });
}
