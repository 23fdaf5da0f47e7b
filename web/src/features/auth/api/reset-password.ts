import type { ResetPasswordBody } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<{ success: boolean; message: string }>('/api/auth/reset-password', body);

/** Resetting signs the account out everywhere: the user signs in again with the new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
