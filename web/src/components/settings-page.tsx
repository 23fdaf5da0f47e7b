import { PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';

type Item = { _id: string };

type DeleteMutation = {
  mutate: (
    id: string,
    options: {
      onSuccess: (data: { message: string }) => void;
      onError: (error: Error) => void;
    },
  ) => void;
};

/**
 * The state an admin settings list shares (discounts, shipping, taxes): which item the editor
 * shows (null for a new one) and which item waits for the delete confirmation.
 */
export function useSettingsList<T extends Item>() {
  const [editor, setEditor] = useState<{ editing: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editorOpen: editor !== null,
    editing: editor?.editing ?? null,
    openEditor: (editing: T | null = null) => setEditor({ editing }),
    closeEditor: () => setEditor(null),
    deleting,
    askDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
  };
}

/**
 * The page shell of an admin settings list: heading and intro, the add button, loading, error
 * and empty states around the list, the editor, and the confirmation before a delete.
 */
export function SettingsPage<T extends Item>({
  title,
  intro,
  addLabel,
  query: { isPending, isError, count },
  loadingLabel,
  errorText,
  empty,
  list,
  editor,
  deleteMutation,
  deleteTitle,
  deleteDescription,
  notice,
  children,
}: {
  title: string;
  intro: ReactNode;
  addLabel: string;
  query: { isPending: boolean; isError: boolean; count: number };
  loadingLabel: string;
  errorText: string;
  empty: ReactNode;
  list: ReturnType<typeof useSettingsList<T>>;
  /** The add/edit sheet or dialog, shown while `list.editorOpen`. */
  editor: ReactNode;
  deleteMutation: DeleteMutation;
  deleteTitle: string;
  deleteDescription: (item: T | null) => string;
  /** What the admin must know before the list (the Taxes page's refused countries). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { deleting } = list;
  return (
    <>
      <title>{`${title} · Admin`}</title>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        <Button onClick={() => list.openEditor()}>
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      </div>
      {notice}
      {isPending ? (
        <Skeleton role="status" aria-label={loadingLabel} className="h-48 w-full" />
      ) : isError ? (
        <p className="text-muted-foreground">{errorText}</p>
      ) : count === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          {empty}
        </p>
      ) : (
        children
      )}
      {editor}
      <ConfirmDialog
        open={deleting !== null}
        title={deleteTitle}
        description={deleteDescription(deleting)}
        onClose={list.closeDelete}
        onConfirm={() => {
          if (!deleting) return;
          deleteMutation.mutate(deleting._id, {
            onSuccess: ({ message }) => toast.success(message),
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </>
  );
}

/** Edit and Delete buttons for one row or card of an admin settings list. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="sm" variant="outline" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}
