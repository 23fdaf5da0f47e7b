import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { newPasswordField } from './auth-fields';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [
  newPasswordField({
    name: 'password',
    label: 'New password',
    placeholder: 'At least 8 characters',
  }),
  newPasswordField({
    name: 'confirm',
    label: 'Confirm password',
    placeholder: 'The same password again',
  }),
];

export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', confirm: '' });
  const mutation = useResetPassword();
  const navigate = useNavigate();

  const submit = () => {
    if (values.password !== values.confirm) {
      toast.error('The two passwords are not the same');
      return;
    }
    mutation.mutate(
      { token, password: values.password },
      {
        onSuccess: (data) => {
          toast.message(data.message);
          navigate('/auth/login', { replace: true });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <AuthForm
      fields={fields}
      values={values}
      onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      onSubmit={submit}
      submitLabel="Set new password"
      isPending={mutation.isPending}
    />
  );
}
