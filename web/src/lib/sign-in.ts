/** The sign-in page, coming back to this page afterwards (the login honours `?redirect=`). */
export const signInHref = (pathname: string, search: string) =>
  `/auth/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;

/** `?redirect=…` of the current auth page, kept when moving between sign-in and register. */
export function keptRedirect(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect ? `?${new URLSearchParams({ redirect })}` : '';
}
