import { pages } from '@contract/pages';
import { Link } from 'react-router';
import { useCan } from '@/lib/auth';
import { useEntityHistory } from '../api/get-audit-log';
import { AuditEntries } from './audit-entries';

const SHOWN = 5;

/**
 * An entity's own history for its admin page: the latest changes from the audit log, and a
 * link to all of them on the audit page.
 */
export function EntityHistory({ entity, id }: { entity: string; id: string }) {
  const { data, isPending, isError } = useEntityHistory(entity, id, SHOWN);
  const entries = data?.data ?? [];
  const total = data?.pagination.total ?? 0;
  // The whole log is for those who manage staff; an order's viewer sees its latest changes.
  const canReadLog = useCan('staff');
  return (
    <section aria-labelledby={`history-${id}`} className="grid gap-2 border-t pt-4">
      <h2 id={`history-${id}`} className="text-base font-semibold">
        History
      </h2>
      {isPending ? (
        <p className="text-sm text-muted-foreground">Loading the history…</p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">The history could not be loaded.</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No recorded changes yet.</p>
      ) : (
        <>
          <AuditEntries
            entries={entries}
            label="History"
            withEntity={false}
            reading={{ names: data?.names ?? {}, timeZone: data?.timeZone ?? 'UTC' }}
          />
          {total > SHOWN && canReadLog && (
            <Link
              to={`${pages.adminAudit}?entity=${entity}&id=${encodeURIComponent(id)}`}
              className="text-sm underline underline-offset-2"
            >
              All {total} changes
            </Link>
          )}
        </>
      )}
    </section>
  );
}
