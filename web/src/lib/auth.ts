import type { CheckAuthResponse } from '@contract/auth';
import { hasPermission, type StaffPermission } from '@contract/staff-permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuthState = CheckAuthResponse;
export const authQueryKey = ['auth', 'check'] as const;

export const checkAuth = () => api.get<AuthState>('/api/auth/check-auth');

/** The session the server embedded in the page, read once: the first paint needs no fetch. */
function takeInitialAuth(): AuthState | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('initial-auth');
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as AuthState;
  } catch {
    return undefined;
  }
}

export const checkAuthQuery = queryOptions({
  queryKey: authQueryKey,
  initialData: takeInitialAuth,
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

/** Whether the signed-in person may do what `permission` allows (the server checks it too). */
export function useCan(permission: StaffPermission) {
  return hasPermission(useAuth().user, permission);
}
