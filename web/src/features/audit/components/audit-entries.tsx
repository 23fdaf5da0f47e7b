import type { AuditEntry } from '@contract/audit';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { AuditChanges } from './audit-changes';
import { entityLabel, entityPath } from './audit-entities';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function EntityLink({ entry }: { entry: AuditEntry }) {
  const path = entityPath(entry.entity, entry.entityId);
  const text = `${entityLabel(entry.entity)} ${shortId(entry.entityId)}`;
  return path ? (
    <Link to={path} className="underline underline-offset-2" title={entry.entityId}>
      {text}
    </Link>
  ) : (
    <span title={entry.entityId}>{text}</span>
  );
}

/** One entry: when, who, from where, what; then the fields before and after. */
function Entry({ entry, withEntity }: { entry: AuditEntry; withEntity: boolean }) {
  const who = entry.actorEmail === 'cli' ? 'Command line' : entry.actorEmail || 'Unknown';
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border bg-background p-3 text-sm',
        // On the audit page, who and when beside what; an entity's history stacks them.
        withEntity && 'sm:grid-cols-[14rem_1fr] sm:gap-4',
      )}
    >
      <div className="grid content-start gap-0.5">
        <time dateTime={entry.createdAt} className="font-medium">
          {when(entry.createdAt)}
        </time>
        <span className="break-all">{who}</span>
        <span className="text-xs text-muted-foreground">IP {entry.ip}</span>
      </div>
      <div className="grid content-start gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2">
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{entry.action}</code>
          {withEntity && <EntityLink entry={entry} />}
        </p>
        <AuditChanges entry={entry} />
      </div>
    </li>
  );
}

export function AuditEntries({
  entries,
  label,
  withEntity = true,
}: {
  entries: AuditEntry[];
  label: string;
  withEntity?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} withEntity={withEntity} />
      ))}
    </ul>
  );
}
