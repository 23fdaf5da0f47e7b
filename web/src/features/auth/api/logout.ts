import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuthState, authQueryKey } from '@/lib/auth';

export const logout = () => api.post<MessageResponse>('/api/auth/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Drop every cached answer of the signed-out user, then mark the session gone.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData<AuthState>(authQueryKey, { success: false, user: null });
    },
  });
}
