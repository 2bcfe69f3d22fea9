import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse } from '@vitrina/contract';
import { apiPost } from '../../lib/api-client';

export const switchRole = (roleId: number) => apiPost<TLoginResponse>('/v1/user/switch-role', { role_id: roleId });

export function useSwitchRoleCall() {
  return useMutation({ mutationFn: switchRole });
}
