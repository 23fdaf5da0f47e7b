import type { SessionUser, StaffPermission } from '@contract/auth';
import { pages } from '@contract/pages';

/**
 * The one table of which back-office page needs which permission (issue 27), in menu order.
 * The server checks the same on every admin route (tests/api/staff-permissions.test.ts).
 */
export const pagePermissions: { path: string; permission: StaffPermission }[] = [
  { path: pages.adminDashboard, permission: 'orders.view' },
  { path: pages.adminProducts, permission: 'catalog' },
  { path: pages.adminSizeCharts, permission: 'catalog' },
  { path: pages.adminOrders, permission: 'orders.view' },
  { path: pages.adminReturns, permission: 'orders.view' },
  { path: pages.adminCustomers, permission: 'customers' },
  { path: pages.adminFeatures, permission: 'content' },
  { path: pages.adminShipping, permission: 'settings' },
  { path: pages.adminTaxes, permission: 'settings' },
  { path: pages.adminDiscounts, permission: 'settings' },
  { path: pages.adminAudit, permission: 'staff' },
  { path: pages.adminStaff, permission: 'staff' },
  { path: pages.adminImportExport, permission: 'catalog' },
];

export const isBackOffice = (user: SessionUser | null) =>
  user?.role === 'admin' || user?.role === 'staff';

/** Whether this user may open the back-office page at `pathname` (sub-pages follow their list). */
export function canOpen(user: SessionUser | null, pathname: string) {
  if (!isBackOffice(user)) return false;
  if (user?.role === 'admin') return true;
  const entry = pagePermissions.find(
    (e) => pathname === e.path || pathname.startsWith(`${e.path}/`),
  );
  return entry ? Boolean(user?.permissions.includes(entry.permission)) : false;
}

/** Where a back-office person lands: the first page they may open (the dashboard for admins). */
export function backOfficeHome(user: SessionUser | null) {
  return pagePermissions.find((e) => canOpen(user, e.path))?.path ?? pages.adminDashboard;
}
