import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse, TRegistrationBody } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';

export const register = (body: TRegistrationBody) => apiPost<TLoginResponse>('/v1/user/registration', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
