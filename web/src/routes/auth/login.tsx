import { pages } from '@contract/pages';
import { Link, useLocation } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePreloadOnFocus } from '@/lib/page-preload';
import { pageTitle } from '@/lib/shop-settings';
import { keptRedirect } from '@/lib/sign-in';
import { safeRedirect } from '@/routes/auth-guard';

export function LoginPage() {
  const { search } = useLocation();
  // Signing in goes there: its code is in by then, so it shows at once (a back-office user's
  // start page is not loaded for every visitor).
  const preloadNext = usePreloadOnFocus(
    safeRedirect(new URLSearchParams(search).get('redirect')) ?? pages.shopHome,
  );
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <title>{pageTitle('Sign in')}</title>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">
          Sign in to your account
        </h1>
        <p className="mt-2">
          Don't have an account
          <Link
            className="ml-2 font-medium text-primary underline underline-offset-4"
            to={`/auth/register${keptRedirect(search)}`}
          >
            Register
          </Link>
        </p>
      </div>
      <LoginForm onStart={preloadNext} />
      <p className="text-center">
        <Link
          className="font-medium text-primary underline underline-offset-4"
          to="/auth/forgot-password"
        >
          Forgot password?
        </Link>
      </p>
    </div>
  );
}

/** The route's page (loaded on demand: shop pages do not carry the sign-in forms). */
export { LoginPage as Component };
