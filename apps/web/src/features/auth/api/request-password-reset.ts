import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) => apiPost<{ ok: true }>('/v1/user/new/password', { email });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
