import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (body: { email: string }) =>
  api.post<{ success: boolean; message: string }>('/api/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
