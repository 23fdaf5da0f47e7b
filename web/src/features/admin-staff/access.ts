import { adminPages } from '@contract/admin-pages';
import type { SessionUser, StaffPermission } from '@contract/auth';
import { pages } from '@contract/pages';

/**
 * Which back-office page needs which permission (issue 27), in menu order: contract/admin-pages.ts.
 * The server checks the same on every admin route (tests/api/staff-permissions.test.ts).
 */
export const pagePermissions: { path: string; permission: StaffPermission }[] = adminPages.map(
  ({ path, permission }) => ({ path, permission }),
);

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
