import { Link, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { pageTitle } from '@/lib/shop-settings';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <title>{pageTitle('Choose a new password')}</title>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">Choose a new password</h1>
        <p className="mt-2">You will be signed out on every device and can sign in again.</p>
      </div>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="text-center">
          This link is incomplete. Open the link from the email again, or{' '}
          <Link className="font-medium text-primary underline" to="/auth/forgot-password">
            ask for a new one
          </Link>
          .
        </p>
      )}
    </div>
  );
}

/** The route's page (loaded on demand: shop pages do not carry the sign-in forms). */
export { ResetPasswordPage as Component };
