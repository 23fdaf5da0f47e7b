import { useState } from 'react';
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
  const [values, setValues] = useState({ email: '', password: '' });
  const loginMutation = useLogin();

  const submit = () =>
    loginMutation.mutate(values, {
      // The guard sends the signed-in user on to their home page.
      onSuccess: (data) => toast.message(data.message),
      onError: (error) => toast.error(error.message),
    });

  return (
    <AuthForm
      fields={fields}
      values={values}
      onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      onSubmit={submit}
      submitLabel="Sign In"
      isPending={loginMutation.isPending}
    />
  );
}
