import { type ReturnStatus, returnStatuses, returnStatusLabels } from '@contract/returns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminReturns } from '@/features/returns/api/get-admin-returns';
import { AdminReturnsList } from '@/features/returns/components/admin-returns-list';

/** Returns and withdrawals, filtered by status (what waits for a decision first). */
export function Component() {
  const [status, setStatus] = useState<ReturnStatus | ''>('requested');
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAdminReturns({ status: status || undefined, page });
  const returns = data?.data ?? [];
  const pages = data?.pagination.pages ?? 1;

  return (
    <Card>
      <title>Returns · Admin</title>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-xl font-semibold leading-none">Returns</h1>
        <div className="grid gap-1.5 sm:w-56">
          <Label htmlFor="returns-status">Status</Label>
          <NativeSelect
            id="returns-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ReturnStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {returnStatuses.map((s) => (
              <option key={s} value={s}>
                {returnStatusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading returns" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The returns could not be loaded.</p>
        ) : returns.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {status ? `No ${returnStatusLabels[status].toLowerCase()} returns.` : 'No returns yet.'}
          </p>
        ) : (
          <AdminReturnsList returns={returns} />
        )}
        <Pager page={page} pages={pages} onPage={setPage} label="Return pages" />
      </CardContent>
    </Card>
  );
}
