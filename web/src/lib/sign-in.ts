/** The sign-in page, coming back to this page afterwards (the login honours `?redirect=`). */
export const signInHref = (pathname: string, search: string) =>
  `/auth/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;

/** `?redirect=…` of the current auth page, kept when moving between sign-in and register. */
export function keptRedirect(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect ? `?${new URLSearchParams({ redirect })}` : '';
}

/**
 * What the sign-up page hands the sign-in page in the history entry's state: the new account's
 * email, never its password, and not in the address (servers and proxies log addresses).
 */
export type SignInState = { email: string };

export function signInEmail(state: unknown): string | undefined {
  const email = (state as Partial<SignInState> | null)?.email;
  return typeof email === 'string' && email.length <= 254 ? email : undefined;
}
