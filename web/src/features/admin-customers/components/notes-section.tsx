import { maxNoteLength, type Note } from '@contract/notes';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { type NoteTarget, useAddNote } from '../api/add-note';

export const noteDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Internal notes (staff only), newest first, and a form to add one. */
export function NotesSection({
  target,
  notes,
  canAdd = true,
}: {
  target: NoteTarget;
  notes: Note[];
  /** False: the notes are shown without the form (a staff member who may not add one). */
  canAdd?: boolean;
}) {
  const [body, setBody] = useState('');
  const add = useAddNote();
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { ...target, body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setBody('');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <section aria-label="Internal notes" className="grid gap-3">
      <h2 className="font-semibold">Internal notes</h2>
      <p className="text-xs text-muted-foreground">Seen by staff only, never by the customer.</p>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((note) => (
            <li key={note._id} className="rounded-md border bg-muted/40 p-3 text-sm">
              <p className="whitespace-pre-wrap break-words">{note.body}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {note.authorName} ·{' '}
                <time dateTime={note.createdAt}>{noteDate(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={fieldId}>Add a note</Label>
          <Textarea
            id={fieldId}
            maxLength={maxNoteLength}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={add.isPending || !body.trim()}
          >
            Add note
          </Button>
        </form>
      )}
    </section>
  );
}
