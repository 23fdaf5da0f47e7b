import type { SessionUser } from '@contract/auth';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/api/check-auth';

/** Where SPEC §6 sends this user on this path, or null to stay. */
export function redirectFor(pathname: string, user: SessionUser | null): string | null {
  const home = user?.role === 'admin' ? '/admin/dashboard' : '/shop/home';
  const isAuthPage =
    pathname.includes('/login') ||
    pathname.includes('/register') ||
    pathname.includes('/forgot-password');
  if (pathname === '/') return user ? home : '/auth/login';
  // An emailed reset link works whoever is signed in on this browser.
  if (pathname.startsWith('/auth/reset-password')) return null;
  if (!user) return isAuthPage ? null : '/auth/login';
  if (isAuthPage) return home;
  if (user.role !== 'admin' && pathname.includes('admin')) return '/unauth-page';
  if (user.role === 'admin' && pathname.includes('shop')) return '/admin/dashboard';
  return null;
}

export function AuthGuard() {
  const { isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center p-4">
        <Skeleton className="h-[600px] w-full max-w-[800px] bg-black" aria-label="Loading" />
      </div>
    );
  }
  const target = redirectFor(location.pathname, user);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
