import { z } from 'zod';
import { PASSWORD_LENGTH } from './auth-notices';
import { text } from './common';
import { roles, staffPermissions } from './staff-permissions';

export * from './staff-permissions';

export const emailSchema = z
  .string()
  .max(254, 'must be at most 254 characters')
  .trim()
  .pipe(z.email({ message: 'must be a valid email address' }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `must be at most ${PASSWORD_LENGTH.max} characters`)
  .refine((s) => !s.includes('\u0000'), { message: 'must not contain control characters' });

export const registerBody = z.strictObject({
  userName: text({ max: 50 }),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const forgotPasswordBody = z.strictObject({ email: emailSchema });

export const resetPasswordBody = z.strictObject({
  token: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The one answer to every forgot-password request, whether the account exists or not. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we sent a link to reset its password. It works for 30 minutes.';

export const loginBody = z.strictObject({
  email: emailSchema,
  // Login does not re-check the password policy: it only has to match.
  password: z
    .string()
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters')
    .refine((s) => !s.includes('\u0000'), { message: 'must not contain control characters' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  // A staff member's permissions; empty for shoppers, every one for admins (issue 27).
  permissions: z.array(z.enum(staffPermissions)),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: sessionUser.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** `success` false with user null when signed out: the one answer whose success varies. */
export const checkAuthResponse = z.object({
  success: z.boolean(),
  user: sessionUser.nullable(),
});
export type CheckAuthResponse = z.infer<typeof checkAuthResponse>;
