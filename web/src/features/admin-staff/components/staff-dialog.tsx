import {
  type StaffPermission,
  staffPermissionHints,
  staffPermissionLabels,
  staffPermissions,
} from '@contract/auth';
import type { StaffMember } from '@contract/staff';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useInviteStaff, useUpdateStaff } from '../api/staff';

type Props = { open: boolean; editing: StaffMember | null; onClose: () => void };

/** Invite a staff member, or change one's name and permissions. */
export function StaffDialog({ open, editing, onClose }: Props) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{editing ? `Edit ${editing.userName}` : 'Invite staff'}</DialogTitle>
        <DialogDescription>
          {editing
            ? 'They keep their password; new permissions apply at once.'
            : 'We email them a link to choose their password.'}
        </DialogDescription>
        {open ? <StaffForm editing={editing} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StaffForm({ editing, onDone }: { editing: StaffMember | null; onDone: () => void }) {
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  const [userName, setUserName] = useState(editing?.userName ?? '');
  const [chosen, setChosen] = useState<StaffPermission[]>(editing?.permissions ?? []);
  const [error, setError] = useState<string | null>(null);
  // The server names the field it refuses ("permissions must include ..."): shown there.
  const permissionsError = error?.startsWith('permissions ') ? error : null;
  const formError = permissionsError ? null : error;
  const invite = useInviteStaff();
  const update = useUpdateStaff();
  const saving = invite.isPending || update.isPending;
  // Nobody grants what they do not hold themselves: the rest is shown, not offered.
  const mine = new Set(user?.permissions ?? []);

  const toggle = (p: StaffPermission, on: boolean) =>
    setChosen((list) => staffPermissions.filter((x) => (x === p ? on : list.includes(x))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const done = {
      onSuccess: (res: { message: string }) => {
        toast.success(res.message);
        onDone();
      },
      onError: (e: Error) => setError(e.message),
    };
    if (editing) update.mutate({ id: editing.id, userName, permissions: chosen }, done);
    else invite.mutate({ email, userName, permissions: chosen }, done);
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      {editing ? null : (
        <FormField id="staff-email" label="Email">
          <Input
            id="staff-email"
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
      )}
      <FormField id="staff-name" label="Name">
        <Input
          id="staff-name"
          required
          maxLength={50}
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
        />
      </FormField>
      <fieldset
        className="grid gap-2"
        aria-describedby={permissionsError ? 'staff-permissions-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Permissions</legend>
        {staffPermissions.map((p) => (
          <label key={p} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              name={p}
              disabled={!mine.has(p)}
              checked={chosen.includes(p)}
              onChange={(e) => toggle(p, e.target.checked)}
              aria-describedby={`staff-permission-${p}-hint`}
            />
            <span className="grid">
              <span className="font-medium">{staffPermissionLabels[p]}</span>
              <span id={`staff-permission-${p}-hint`} className="text-xs text-muted-foreground">
                {staffPermissionHints[p]}
              </span>
            </span>
          </label>
        ))}
        {permissionsError ? (
          <p id="staff-permissions-error" role="alert" className="text-sm text-destructive">
            Permissions: {permissionsError.slice('permissions '.length)}
          </p>
        ) : null}
      </fieldset>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {editing ? 'Save' : 'Send invitation'}
      </Button>
    </form>
  );
}
