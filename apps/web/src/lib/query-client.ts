import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Client errors will not change on retry; only network or 5xx failures get one more try. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});
