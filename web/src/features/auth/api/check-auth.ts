import type { SessionUser } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuthState = { success: boolean; user: SessionUser | null };
export const authQueryKey = ['auth', 'check'] as const;

export const checkAuth = () => api.get<AuthState>('/api/auth/check-auth');

export const checkAuthQuery = queryOptions({
  queryKey: authQueryKey,
  // A failed check (network, server) counts as signed out, like a rejected check-auth.
  queryFn: () => checkAuth().catch((): AuthState => ({ success: false, user: null })),
  staleTime: 5 * 60 * 1000,
});

/** SPEC §3 auth state: isAuthenticated, isLoading, user. */
export function useAuth() {
  const { data, isPending } = useQuery(checkAuthQuery);
  const user = data?.success ? data.user : null;
  return { isAuthenticated: Boolean(user), isLoading: isPending, user };
}
