import { PASSWORD_LENGTH, PASSWORD_RULE } from '@contract/auth-notices';
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

/** A password being chosen (sign-up, reset): the password policy applies, said under the field. */
export const newPasswordField = (
  field: Pick<AuthField, 'name' | 'label' | 'placeholder'>,
  { showRule = true } = {},
): AuthField => ({
  ...field,
  type: 'password',
  autoComplete: 'new-password',
  minLength: PASSWORD_LENGTH.min,
  maxLength: PASSWORD_LENGTH.max,
  hint: showRule ? PASSWORD_RULE : undefined,
});
