import type { AuditEntry } from '@contract/audit';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { AuditChanges } from './audit-changes';
import { entityLabel, entityPath } from './audit-entities';
import { actionLabel, entityName, type Reading, when } from './audit-values';

function EntityLink({ entry, reading }: { entry: AuditEntry; reading: Reading }) {
  const path = entityPath(entry.entity, entry.entityId);
  const text = `${entityLabel(entry.entity)} ${entityName(entry, reading)}`;
  return path ? (
    <Link to={path} className="underline underline-offset-2">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

/** The entry as stored, for operators: its action key, ids and fields as JSON. */
function RawEntry({ entry }: { entry: AuditEntry }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">Raw data</summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">
        {JSON.stringify(entry, null, 2)}
      </pre>
    </details>
  );
}

/** One entry: when, who, from where, what; then the fields before and after. */
function Entry({
  entry,
  withEntity,
  reading,
}: {
  entry: AuditEntry;
  withEntity: boolean;
  reading: Reading;
}) {
  const name = entry.actorId ? reading.names[`user:${entry.actorId}`] : undefined;
  const who = entry.actorEmail === 'cli' ? 'Command line' : name || entry.actorEmail || 'Unknown';
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
          {when(entry.createdAt, reading.timeZone)}
        </time>
        <span className="break-words">{who}</span>
        {name && entry.actorEmail ? (
          <span className="break-all text-xs text-muted-foreground">{entry.actorEmail}</span>
        ) : null}
      </div>
      <div className="grid content-start gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium">{actionLabel(entry.action, entry.entity)}</span>
          {withEntity && <EntityLink entry={entry} reading={reading} />}
        </p>
        <AuditChanges entry={entry} reading={reading} />
        <RawEntry entry={entry} />
      </div>
    </li>
  );
}

export function AuditEntries({
  entries,
  label,
  reading,
  withEntity = true,
}: {
  entries: AuditEntry[];
  label: string;
  reading: Reading;
  withEntity?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} withEntity={withEntity} reading={reading} />
      ))}
    </ul>
  );
}
