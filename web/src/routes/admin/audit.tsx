import { nameKey } from '@contract/audit';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { type AuditFilters, useAuditLog } from '@/features/audit/api/get-audit-log';
import { entityLabel } from '@/features/audit/components/audit-entities';
import { AuditEntries } from '@/features/audit/components/audit-entries';
import { AuditFiltersForm } from '@/features/audit/components/audit-filters';

const FILTERS = ['actor', 'entity', 'id', 'from', 'to'] as const;

/** Who changed what: the audit log, newest first; its filters live in the address. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError } = useAuditLog({ ...filters, page });
  const entries = data?.data ?? [];
  const pages = data?.pagination.pages ?? 1;
  const go = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, ...next })) {
      if (value) merged.set(key, String(value));
    }
    setParams(merged);
  };

  return (
    <Card>
      <title>Audit log · Admin</title>
      <CardHeader className="grid gap-4">
        <h1 className="text-xl font-semibold leading-none">Audit log</h1>
        <AuditFiltersForm
          key={params.toString()}
          filters={filters}
          // A new filter keeps the entity id only while the entity stays the same.
          onApply={(values) =>
            go({ ...values, id: values.entity === filters.entity ? filters.id : undefined })
          }
        />
        {filters.id && (
          <p className="text-sm">
            Showing one {filters.entity ? entityLabel(filters.entity).toLowerCase() : 'entity'}:{' '}
            {(filters.entity && data?.names[nameKey(filters.entity, filters.id)]) || (
              <code>{filters.id}</code>
            )}{' '}
            <Button variant="link" size="sm" onClick={() => go({ id: undefined })}>
              Show all
            </Button>
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading the audit log" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">
            The audit log could not be loaded. Check the filters.
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No entries match these filters.</p>
        ) : (
          <AuditEntries
            entries={entries}
            label="Audit entries"
            reading={{ names: data?.names ?? {}, timeZone: data?.timeZone ?? 'UTC' }}
          />
        )}
        <Pager
          page={page}
          pages={pages}
          onPage={(next) => go({ page: String(next) })}
          label="Audit pages"
        />
      </CardContent>
    </Card>
  );
}
