import { useLocation } from 'react-router';
import { keptRedirect } from '@/lib/sign-in';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { emailField } from './auth-fields';
import { type AuthField, AuthForm } from './auth-form';

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

export function LoginForm() {
  const loginMutation = useLogin();
  const { search } = useLocation();

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
    />
  );
}
