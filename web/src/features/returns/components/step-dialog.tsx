import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSendOnce } from '../hooks/use-send-once';

/**
 * A queue step's dialog: what it does, its fields, and one button that stays disabled while the
 * step is on its way, so a double click sends it once. The server's refusal shows inline.
 */
export function StepDialog({
  open,
  title,
  description,
  submitLabel,
  pending,
  error,
  destructive = false,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  destructive?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const once = useSendOnce(pending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    once(onSubmit);
  };
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && !pending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form onSubmit={submit} className="grid gap-4">
          {children}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
            >
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
