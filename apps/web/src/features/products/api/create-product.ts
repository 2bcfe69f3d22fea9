import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateProduct, TProduct } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const createProduct = (body: TCreateProduct) => apiPost<TProduct>('/v1/product/create', body);

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateProducts(queryClient) });
}
