import { pages } from '@contract/pages';
import { Link, useLocation } from 'react-router';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePreloadOnFocus } from '@/lib/page-preload';
import { pageTitle } from '@/lib/shop-settings';
import { keptRedirect } from '@/lib/sign-in';

export function RegisterPage() {
  const { search } = useLocation();
  // Signing up goes on to the sign-in page.
  const preloadNext = usePreloadOnFocus(pages.login);
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <title>{pageTitle('Create account')}</title>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">Create new account</h1>
        <p className="mt-2">
          Already have an account
          <Link
            className="ml-2 font-medium text-primary underline underline-offset-4"
            to={`/auth/login${keptRedirect(search)}`}
          >
            Login
          </Link>
        </p>
      </div>
      <RegisterForm onStart={preloadNext} />
    </div>
  );
}

/** The route's page (loaded on demand: shop pages do not carry the sign-in forms). */
export { RegisterPage as Component };
