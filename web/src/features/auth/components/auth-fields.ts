import type { AuthField } from './auth-form';

// The lengths are contract/auth.ts's, so the browser stops what the server would refuse.

export const emailField: AuthField = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'Enter your email',
  maxLength: 254,
};

/** A password being chosen (sign-up, reset): the password policy applies. */
export const newPasswordField = (
  field: Pick<AuthField, 'name' | 'label' | 'placeholder'>,
): AuthField => ({
  ...field,
  type: 'password',
  autoComplete: 'new-password',
  minLength: 8,
  maxLength: 128,
});
