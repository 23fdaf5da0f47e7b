import type { MessageResponse } from '@contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (body: { email: string }) =>
  api.post<MessageResponse>('/api/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
