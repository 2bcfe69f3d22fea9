import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProductStatusChange } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

/** 409 names the products that cannot make the move; the client shows the message. */
export const changeProductStatus = (body: TProductStatusChange) =>
  apiPost<{ updated: number }>('/v1/product/status', body);

export function useChangeProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeProductStatus, onSuccess: () => invalidateProducts(queryClient) });
}
