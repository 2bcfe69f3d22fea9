import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductInfo } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

/** A picker opened from a link knows only the product id; this names it. */
export const getProductForPicker = (id: number, signal?: AbortSignal) =>
  apiGet<TProductInfo>(`/v1/product/info/${id}`, { signal, isSilent: true });

export const productForPickerQuery = (id: number) =>
  queryOptions({
    queryKey: [...optionKeys.all, 'product', id] as const,
    queryFn: ({ signal }) => getProductForPicker(id, signal),
  });

export function useProductForPicker(id: number | undefined) {
  return useQuery({ ...productForPickerQuery(id ?? 0), enabled: id !== undefined });
}
