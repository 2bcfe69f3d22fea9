import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const deleteProductImage = (id: number) => apiPost<unknown>(`/v1/product/image/delete/${id}`);

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProductImage, onSuccess: () => invalidateProducts(queryClient) });
}
