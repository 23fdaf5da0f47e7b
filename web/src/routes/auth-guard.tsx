import type { SessionUser } from '@contract/auth';
import { isBrowsingPage } from '@contract/pages';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { backOfficeHome, isBackOffice } from '@/features/admin-staff/access';
import { useAuth } from '@/lib/auth';
import { usePreloadPage } from '@/lib/page-preload';
import { shopSettings } from '@/lib/shop-settings';

const isAuthPath = (pathname: string) =>
  pathname.includes('/login') ||
  pathname.includes('/register') ||
  pathname.includes('/forgot-password');
const PLACEHOLDER_ORIGIN = 'http://shop.invalid';
const START_PAGES = new Set(['/shop/home', '/admin/dashboard']);
// With GUEST_CHECKOUT visitors also check out and pay; the account pages still ask them to sign in.
const GUEST_PAGES = /^\/shop\/(checkout|paypal-return|paypal-cancel)\/?$/;
// A guest order's status page (its emailed link is the credential), the order lookup, and a
// guest's data request with its emailed link.
const ORDER_PAGES = /^\/shop\/order\/(privacy\/)?[^/]+\/?$/;

/**
 * The page to return to after signing in: a path on this site, or null. Anything that could
 * leave the site (`//host`, `https://host`, backslashes, control characters) is refused.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN || isAuthPath(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Where SPEC §6 sends this user on this path, or null to stay. A signed-out visitor goes to
 * the login page with `?redirect=` the page they wanted; signing in brings them back there.
 */
export function redirectFor(
  pathname: string,
  user: SessionUser | null,
  search = '',
  publicStorefront = false,
  guestCheckout = false,
): string | null {
  const home = isBackOffice(user) ? backOfficeHome(user) : '/shop/home';
  const isAuthPage = isAuthPath(pathname);
  if (pathname === '/') return user || publicStorefront ? home : '/auth/login';
  // An emailed reset link works whoever is signed in on this browser.
  if (pathname.startsWith('/auth/reset-password')) return null;
  if (!user) {
    if (isAuthPage) return null;
    if (publicStorefront && isBrowsingPage(pathname)) return null;
    if (guestCheckout && GUEST_PAGES.test(pathname)) return null;
    if (ORDER_PAGES.test(pathname)) return null;
    // The start pages need no return address: signing in lands there anyway.
    if (START_PAGES.has(pathname) && !search) return '/auth/login';
    return `/auth/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
  }
  if (isAuthPage) {
    // Only a page this user may open: an admin coming from a shop page lands on the back office.
    const back = safeRedirect(new URLSearchParams(search).get('redirect'));
    const isTheirs = back && !redirectFor(new URL(back, PLACEHOLDER_ORIGIN).pathname, user);
    return isTheirs ? back : home;
  }
  // Staff enter the back office too; a page their permissions do not open says so there.
  if (!isBackOffice(user) && pathname.includes('admin')) return '/unauth-page';
  if (isBackOffice(user) && pathname.includes('shop')) return home;
  return null;
}

const loadingBlock = (
  <div className="flex min-h-screen items-center justify-center p-4">
    <Skeleton className="h-[600px] w-full max-w-[800px] bg-black" aria-label="Loading" />
  </div>
);

/**
 * Sends the visitor on once the next page's code is in. `<Navigate>` drew nothing while it
 * loaded: a blank white page after signing in.
 */
function NavigateWhenReady({ to }: { to: string }) {
  const preloadPage = usePreloadPage();
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    // A chunk that fails to load still navigates: the page's own error shows there.
    void preloadPage(to)
      .catch(() => undefined)
      .then(() => isCurrent && navigate(to, { replace: true }));
    return () => {
      isCurrent = false;
    };
  }, [to, navigate, preloadPage]);
  return null;
}

export function AuthGuard() {
  const { isLoading, user } = useAuth();
  const { pathname, search } = useLocation();
  const { publicStorefront, guestCheckout } = shopSettings();
  const target = isLoading
    ? null
    : redirectFor(pathname, user, search, publicStorefront, guestCheckout);
  // A browsing page comes the same for everyone, its session asked for after hydration: the
  // server checked the guard before sending it, so it shows while the answer comes. The sign-in
  // page, just signed in on, stays until the next page can show. Any other page waits, or is
  // not this visitor's to see: the loading block stands in.
  const isShown = isLoading ? isBrowsingPage(pathname) : !target || isAuthPath(pathname);
  // One shape in every case, so the page is not mounted again when the answer comes.
  return (
    <>
      {isShown ? <Outlet /> : loadingBlock}
      {target && <NavigateWhenReady to={target} />}
    </>
  );
}
