import { Link } from 'react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { pageTitle } from '@/lib/shop-settings';

export function ForgotPasswordPage() {
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <title>{pageTitle('Forgot password')}</title>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">Forgot your password?</h1>
        <p className="mt-2">
          Enter your account's email and we will send you a link to choose a new one.
        </p>
      </div>
      <ForgotPasswordForm />
      <p className="text-center">
        <Link className="font-medium text-primary underline underline-offset-4" to="/auth/login">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

/** The route's page (loaded on demand: shop pages do not carry the sign-in forms). */
export { ForgotPasswordPage as Component };
