import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { newPasswordField } from './auth-fields';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [
  newPasswordField({
    name: 'password',
    label: 'New password',
    placeholder: 'Choose a new password',
  }),
  newPasswordField(
    { name: 'confirm', label: 'Confirm password', placeholder: 'The same password again' },
    { showRule: false },
  ),
];

export function ResetPasswordForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const navigate = useNavigate();

  const submit = (values: Record<string, string>) => {
    const password = values.password ?? '';
    if (password !== values.confirm) {
      toast.error('The two passwords are not the same');
      return;
    }
    mutation.mutate(
      { token, password },
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
      onSubmit={submit}
      submitLabel="Set new password"
      isPending={mutation.isPending}
    />
  );
}
