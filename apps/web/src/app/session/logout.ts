import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

export const logout = () => apiPost<unknown>('/v1/user/logout', undefined, { isSilent: true });

export function useLogoutCall() {
  return useMutation({ mutationFn: logout });
}
