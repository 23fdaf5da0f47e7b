import { type StaffPermission, staffPermissionLabels } from '@contract/auth';
import type { ReactNode } from 'react';
import { useCan } from '@/lib/auth';

/**
 * What only holders of `permission` may do, or for anyone else the reason it is not offered:
 * a staff member learns who can change that before filling a form the server would refuse.
 */
export function IfPermitted({
  permission,
  action,
  children,
}: {
  permission: StaffPermission;
  /** What is not offered, as a sentence's subject: "Shipping", "Refunding". */
  action: string;
  children: ReactNode;
}) {
  if (useCan(permission)) return children;
  return <NotPermitted permission={permission} action={action} />;
}

export function NotPermitted({
  permission,
  action,
}: {
  permission: StaffPermission;
  action: string;
}) {
  return (
    <p className="border-t pt-4 text-sm text-muted-foreground">
      {action} needs the “{staffPermissionLabels[permission]}” permission; an admin can give it on
      the Staff page.
    </p>
  );
}
