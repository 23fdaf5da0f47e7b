import type { ResetPasswordBody } from '@contract/auth';
import type { MessageResponse } from '@contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/api/auth/reset-password', body);

/** Resetting signs the account out everywhere: the user signs in again with the new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
