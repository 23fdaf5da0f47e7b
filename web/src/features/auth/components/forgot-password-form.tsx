import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { emailField } from './auth-fields';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [emailField];

export function ForgotPasswordForm() {
  const [sent, setSent] = useState('');
  const mutation = useForgotPassword();

  const submit = ({ email = '' }: Record<string, string>) =>
    mutation.mutate(
      { email },
      {
        onSuccess: (data) => setSent(data.message),
        onError: (error) => toast.error(error.message),
      },
    );

  if (sent) {
    return (
      <p role="status" className="rounded-md border bg-muted p-4 text-sm">
        {sent}
      </p>
    );
  }
  return (
    <AuthForm
      fields={fields}
      onSubmit={submit}
      submitLabel="Email me a link"
      isPending={mutation.isPending}
    />
  );
}
