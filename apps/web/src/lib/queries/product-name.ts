import { useQuery } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { endpointQuery } from '../endpoint-query';

/** A picker opened from a link knows only the product id; this names it, silently if it is gone. */
export function useProductForPicker(id: number | undefined) {
  return useQuery({
    ...endpointQuery(api.product.info, { params: { id: id ?? 0 } }, { isSilent: true }),
    enabled: id !== undefined,
  });
}
