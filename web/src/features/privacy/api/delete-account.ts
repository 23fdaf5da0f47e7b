import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuthState, authQueryKey } from '@/lib/auth';

/** The JSON download of the signed-in account's data: a plain GET with the session cookie. */
export const accountExportUrl = '/api/shop/account/export';

export const deleteAccount = (password: string) =>
  api.post<MessageResponse>('/api/shop/account/delete', { password });

/** Deletes the account; the server ends the session, so the app forgets the user too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData<AuthState>(authQueryKey, { success: false, user: null });
    },
  });
}
