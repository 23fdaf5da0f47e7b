import { staffPermissionLabels } from '@contract/auth';
import type { StaffMember } from '@contract/staff';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useStaff, useUpdateStaff } from '@/features/admin-staff/api/staff';
import { StaffDialog } from '@/features/admin-staff/components/staff-dialog';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** The back office's people: admins (marked) and staff, their permissions and status. */
export function Component() {
  const { data, isPending, isError } = useStaff();
  const [dialog, setDialog] = useState<{ editing: StaffMember | null } | null>(null);
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const update = useUpdateStaff();
  const setActive = (member: StaffMember, active: boolean) =>
    update.mutate(
      { id: member.id, active },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (e) => toast.error(e.message),
      },
    );

  return (
    <Card>
      <title>Staff · Admin</title>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-4">
        <h1 className="text-xl font-semibold leading-none">Staff</h1>
        <Button onClick={() => setDialog({ editing: null })}>Invite staff</Button>
      </CardHeader>
      <CardContent>
        {isPending ? <Skeleton className="h-40 w-full" aria-label="Loading" /> : null}
        {isError ? <p role="alert">The staff list could not be loaded.</p> : null}
        <ul className="grid gap-3">
          {(data?.data ?? []).map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              onEdit={() => setDialog({ editing: member })}
              onDeactivate={() => setLeaving(member)}
              onReactivate={() => setActive(member, true)}
            />
          ))}
        </ul>
      </CardContent>
      <StaffDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={leaving !== null}
        title={`Deactivate ${leaving?.userName ?? ''}?`}
        description="They are signed out everywhere at once and cannot sign in until reactivated."
        confirmLabel="Deactivate"
        onConfirm={() => {
          if (leaving) setActive(leaving, false);
          setLeaving(null);
        }}
        onClose={() => setLeaving(null)}
      />
    </Card>
  );
}

function StaffRow({
  member,
  onEdit,
  onDeactivate,
  onReactivate,
}: {
  member: StaffMember;
  onEdit: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}) {
  const { user } = useAuth();
  const editable = member.role === 'staff' && member.id !== user?.id;
  return (
    <li
      aria-label={member.userName}
      className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{member.userName}</span>
          {member.isOwner ? <Badge>Owner</Badge> : null}
          {member.role === 'admin' && !member.isOwner ? <Badge>Admin</Badge> : null}
          {member.active ? null : <Badge variant="outline">Deactivated</Badge>}
        </div>
        <span className="break-all text-sm text-muted-foreground">{member.email}</span>
        <span className="text-sm text-muted-foreground">
          {member.role === 'admin'
            ? 'Every permission'
            : member.permissions.map((p) => staffPermissionLabels[p]).join(', ') ||
              'No permissions'}
        </span>
      </div>
      {editable ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            Edit
          </Button>
          {member.active ? (
            <Button variant="outline" size="sm" onClick={onDeactivate}>
              Deactivate
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={onReactivate}>
              Reactivate
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
