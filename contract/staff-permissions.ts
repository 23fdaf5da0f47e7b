// Who may do what, without zod: the app's first chunk reads it on every page (web/src/lib/auth.ts),
// and zod there would also probe for eval before the web entry could turn that off.

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

/** Whether this person may do what `permission` allows: an admin all, a staff member theirs. */
export function hasPermission(
  user: { role: Role; permissions: readonly StaffPermission[] } | null | undefined,
  permission: StaffPermission,
) {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return user.role === 'staff' && user.permissions.includes(permission);
}

/** The statuses a packer (orders.ship without orders.update) may set. */
export const shippingStatuses = ['inShipping', 'delivered'] as const;
