import { type CustomerSort, customerSorts } from '@contract/customers';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useCustomers } from '@/features/admin-customers/api/get-customers';
import { CustomerList } from '@/features/admin-customers/components/customer-list';

const sortLabels: Record<CustomerSort, string> = {
  '-joined': 'Newest customers',
  joined: 'Oldest customers',
  '-orders': 'Most orders',
  orders: 'Fewest orders',
  '-spent': 'Most spent',
  spent: 'Least spent',
  '-lastOrder': 'Latest order',
  lastOrder: 'Earliest order',
};
const isSort = (value: string | null): value is CustomerSort =>
  (customerSorts as readonly string[]).includes(value ?? '');

type Place = { search?: string; sort?: string; page?: number; after?: string; before?: string };

/**
 * The customer list: search, sort and page live in the address. Next and Previous follow the
 * answer's cursors (the page after or before a customer, read from an index at any depth); the
 * page's number rides along in the address as its label.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const rawSort = params.get('sort');
  const sort: CustomerSort = isSort(rawSort) ? rawSort : '-joined';
  const label = Math.max(1, Number(params.get('page')) || 1);
  const after = params.get('after') ?? undefined;
  const before = params.get('before') ?? undefined;
  const [typed, setTyped] = useState(search);
  const { data, isPending, isError } = useCustomers({ search, sort, page: label, after, before });
  const customers = data?.data ?? [];
  const pagination = data?.pagination;
  const total = pagination?.total ?? 0;
  const pageCount = pagination?.pages ?? 1;
  // A page found by cursor has no number from the server: the label, within what its cursors
  // say (no page before: the first; no page after: the last).
  const page = !pagination
    ? label
    : (pagination.page ??
      (pagination.prev === null
        ? 1
        : pagination.next === null
          ? Math.max(2, pageCount)
          : Math.max(2, Math.min(label, pageCount - 1))));

  const go = (next: Place) => {
    const merged = { search, sort, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.search) out.set('search', merged.search);
    if (merged.sort !== '-joined') out.set('sort', merged.sort);
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.page > 1 && merged.after) out.set('after', merged.after);
    if (merged.page > 1 && merged.before) out.set('before', merged.before);
    setParams(out);
  };
  const turn = (to: number) => {
    if (to > page && pagination?.next) go({ page: to, after: pagination.next });
    else if (to < page && pagination?.prev) go({ page: to, before: pagination.prev });
    else go({ page: to });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: typed.trim().slice(0, 100) });
  };

  return (
    <Card>
      <title>Customers · Admin</title>
      <CardHeader className="grid gap-4">
        <h1 className="text-xl font-semibold leading-none">Customers</h1>
        <div className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
          <form aria-label="Search customers" onSubmit={submit} className="grid gap-1.5">
            <Label htmlFor="customer-search">Search by name or email</Label>
            <div className="flex gap-2">
              <Input
                id="customer-search"
                type="search"
                maxLength={100}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <Button type="submit">Search</Button>
            </div>
          </form>
          <div className="grid gap-1.5">
            <Label htmlFor="customer-sort">Sort by</Label>
            <NativeSelect
              id="customer-sort"
              value={sort}
              onChange={(e) => go({ sort: e.target.value })}
            >
              {customerSorts.map((key) => (
                <option key={key} value={key}>
                  {sortLabels[key]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading customers" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The customers could not be loaded.</p>
        ) : customers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {search
              ? `No customer matches “${search}”.`
              : page > 1
                ? 'No customers on this page.'
                : 'No customers yet.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {total} customer{total === 1 ? '' : 's'}
            </p>
            <CustomerList customers={customers} />
          </>
        )}
        <Pager
          page={page}
          pages={Math.max(pageCount, pagination?.next ? page + 1 : 0)}
          onPage={turn}
          label="Customer pages"
        />
      </CardContent>
    </Card>
  );
}
