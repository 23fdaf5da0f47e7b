import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useFailedEmails, useRetryEmail } from '../api/emails';

/** Mail to shoppers: how much waits, and each message that could not be sent, with why. */
export function EmailHealth() {
  const { data, isPending, isError } = useFailedEmails();
  const retry = useRetryEmail();
  if (isPending) return <Skeleton className="h-16 w-full" />;
  if (isError) return <p className="text-sm text-muted-foreground">Mail status unavailable.</p>;
  const count = (s: string) => data.counts[s] ?? 0;
  return (
    <div className="grid gap-3 text-sm">
      <p>
        {count('sent')} sent · {count('pending')} waiting · {count('failed')} failed
        {data.transport === 'files' ? ' · written to DATA_DIR/outbox (no SMTP_URL)' : ''}
      </p>
      {data.data.length === 0 ? (
        <p className="text-muted-foreground">No failed messages.</p>
      ) : (
        <ul className="grid gap-2">
          {data.data.map((m) => (
            <li key={m._id} className="flex items-start justify-between gap-3 rounded border p-2">
              <div className="min-w-0">
                <p className="font-medium">{m.subject || m.template}</p>
                <p className="break-all text-muted-foreground">
                  To {m.to}, {m.attempts} attempts: {m.lastError}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                onClick={() =>
                  retry.mutate(m._id, {
                    onSuccess: (res) => toast.success(res.message),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                Retry
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
