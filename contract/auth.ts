import { z } from 'zod';
import { PASSWORD_LENGTH } from './auth-notices';
import { text } from './common';

export const roles = ['admin', 'staff', 'shopper'] as const;
export type Role = (typeof roles)[number];

/** What a staff member may be allowed (issue 27); an admin has all of them. */
export const staffPermissions = [
  'catalog',
  'orders.view',
  'orders.update',
  'orders.ship',
  'orders.refund',
  'customers',
  'content',
  'settings',
  'staff',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

/** How people read each permission: the staff page, the invite form, the audit log. */
export const staffPermissionLabels: Record<StaffPermission, string> = {
  catalog: 'Manage catalogue',
  'orders.view': 'View orders',
  'orders.update': 'Update orders',
  'orders.ship': 'Ship orders',
  'orders.refund': 'Refund orders',
  customers: 'Manage customers',
  content: 'Manage content',
  settings: 'Manage settings',
  staff: 'Manage staff',
};

/** What each permission opens, said beside its label in the invite form. */
export const staffPermissionHints: Record<StaffPermission, string> = {
  catalog: 'Products, size charts, import and export',
  'orders.view': 'Orders, their history, returns and the dashboard',
  'orders.update': 'Change order status, handle returns',
  'orders.ship': 'Ship orders, mark them delivered',
  'orders.refund': 'Refund orders',
  customers: 'Customers and their notes',
  content: 'Banners and emails',
  settings: 'Shipping, taxes and discounts',
  staff: 'Staff and the audit log',
};

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

/** Whether this person may do what `permission` allows: an admin all, a staff member theirs. */
export function hasPermission(
  user: Pick<SessionUser, 'role' | 'permissions'> | null | undefined,
  permission: StaffPermission,
) {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return user.role === 'staff' && user.permissions.includes(permission);
}

/** The statuses a packer (orders.ship without orders.update) may set. */
export const shippingStatuses = ['inShipping', 'delivered'] as const;

export const loginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: sessionUser.nullable(),
});

export const checkAuthResponse = z.object({
  success: z.boolean(),
  user: sessionUser.nullable(),
});
