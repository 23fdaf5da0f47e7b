/** The sign-in page, coming back to this page afterwards (the login honours `?redirect=`). */
export const signInHref = (pathname: string, search: string) =>
  `/auth/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
