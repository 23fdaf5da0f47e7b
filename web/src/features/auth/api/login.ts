import type { LoginBody, LoginResponse } from '@contract/auth';
import { GUEST_ID } from '@contract/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuthState, authQueryKey } from '@/lib/auth';

export const login = (body: LoginBody) => api.post<LoginResponse>('/api/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      // A guest's cart joined the shopper's on the server (GUEST_CHECKOUT).
      queryClient.removeQueries({ queryKey: ['cart', GUEST_ID] });
      queryClient.setQueryData<AuthState>(authQueryKey, {
        success: data.success,
        user: data.success ? data.user : null,
      });
    },
    onError: () => {
      queryClient.setQueryData<AuthState>(authQueryKey, { success: false, user: null });
    },
  });
}
