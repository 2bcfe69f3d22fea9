import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProduct } from '@vitrina/contract';
import { apiUpload } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const uploadProductImage = (input: { id: number; file: Blob }) => {
  const form = new FormData();
  form.append('file', input.file);
  return apiUpload<TProduct>(`/v1/product/image/${input.id}`, form);
};

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadProductImage, onSuccess: () => invalidateProducts(queryClient) });
}
