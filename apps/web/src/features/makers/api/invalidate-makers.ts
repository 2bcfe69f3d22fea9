import type { QueryClient } from '@tanstack/react-query';
import { optionKeys } from '../../../lib/queries/option-keys';
import { makerKeys } from './maker-keys';

/** The makers table and every maker picker show the same rows. */
export const invalidateMakers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: makerKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [...optionKeys.all, 'makers'] }),
  ]);
