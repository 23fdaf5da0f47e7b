import { useLocation, useNavigate } from 'react-router';
import { keptRedirect, type SignInState } from '@/lib/sign-in';
import { toast } from '@/lib/toast';
import { useRegister } from '../api/register';
import { emailField, newPasswordField } from './auth-fields';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [
  {
    name: 'userName',
    label: 'User Name',
    type: 'text',
    autoComplete: 'username',
    placeholder: 'Enter your user name',
    maxLength: 50,
  },
  emailField,
  newPasswordField({ name: 'password', label: 'Password', placeholder: 'Choose a password' }),
];

export function RegisterForm({ onStart }: { onStart?: () => void }) {
  const registerMutation = useRegister();
  const navigate = useNavigate();
  const { search } = useLocation();

  const submit = ({ userName = '', email = '', password = '' }: Record<string, string>) =>
    registerMutation.mutate(
      { userName, email, password },
      {
        onSuccess: (data) => {
          toast.message(data.message);
          // The sign-in page comes with the email filled in and the password to type.
          const state: SignInState = { email };
          navigate(`/auth/login${keptRedirect(search)}`, { state });
        },
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <AuthForm
      fields={fields}
      action={`/auth/register${keptRedirect(search)}`}
      onSubmit={submit}
      submitLabel="Sign Up"
      isPending={registerMutation.isPending}
      onStart={onStart}
    />
  );
}
