import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProduct, TUpdateProduct } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const updateProduct = (input: { id: number; body: TUpdateProduct }) =>
  apiPost<TProduct>(`/v1/product/update/${input.id}`, input.body);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateProducts(queryClient) });
}
