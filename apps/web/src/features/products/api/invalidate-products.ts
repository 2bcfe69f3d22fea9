import type { QueryClient } from '@tanstack/react-query';
import { optionKeys } from '../../../lib/queries/option-keys';
import { productKeys } from './product-keys';

/** Lists, cards and product pickers all show product rows. */
export const invalidateProducts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ queryKey: [...optionKeys.all, 'products'] }),
    queryClient.invalidateQueries({ queryKey: [...optionKeys.all, 'product'] }),
  ]);
