import { useLocation } from 'react-router';
import { keptRedirect, signInEmail } from '@/lib/sign-in';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { emailField } from './auth-fields';
import { type AuthField, AuthForm, type AuthPrefill } from './auth-form';

const fields: AuthField[] = [
  emailField,
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Enter your password',
    maxLength: 128,
  },
];

export function LoginForm({ onStart }: { onStart?: () => void }) {
  const loginMutation = useLogin();
  const { search, state } = useLocation();
  // Just signed up: the new account's email is filled in and the password is what is left.
  const email = signInEmail(state);
  const prefill: AuthPrefill | undefined = email
    ? { values: { email }, focus: 'password' }
    : undefined;

  const submit = ({ email = '', password = '' }: Record<string, string>) =>
    loginMutation.mutate(
      { email, password },
      {
        // The guard sends the signed-in user on to their home page.
        onSuccess: (data) => toast.message(data.message),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <AuthForm
      fields={fields}
      action={`/auth/login${keptRedirect(search)}`}
      onSubmit={submit}
      submitLabel="Sign In"
      isPending={loginMutation.isPending}
      prefill={prefill}
      onStart={onStart}
    />
  );
}
