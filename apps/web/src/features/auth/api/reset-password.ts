import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordBody } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';

export const resetPassword = (input: { token: string; body: TResetPasswordBody }) =>
  apiPost<{ ok: true }>(`/v1/user/reset/password/${encodeURIComponent(input.token)}`, input.body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
