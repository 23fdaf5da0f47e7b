import type { RegisterBody } from '@contract/auth';
import type { MessageResponse } from '@contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const register = (body: RegisterBody) =>
  api.post<MessageResponse>('/api/auth/register', body);

/** Registering never signs in: the user goes on to the sign-in page. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
