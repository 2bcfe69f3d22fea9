import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse } from '@vitrina/contract';
import { apiPost } from '../../lib/api-client';

export const switchRoleBack = () => apiPost<TLoginResponse>('/v1/user/switch-role/back');

export function useSwitchRoleBackCall() {
  return useMutation({ mutationFn: switchRoleBack });
}
