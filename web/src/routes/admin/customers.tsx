import { type CustomerSort, customerSorts } from '@contract/customers';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
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

/** The customer list: search, sort and page live in the address. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const rawSort = params.get('sort');
  const sort: CustomerSort = isSort(rawSort) ? rawSort : '-joined';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const { data, isPending, isError } = useCustomers({ search, sort, page });
  const customers = data?.data ?? [];
  const total = data?.pagination.total ?? 0;
  const pageCount = data?.pagination.pages ?? 1;

  const go = (next: { search?: string; sort?: string; page?: number }) => {
    const merged = { search, sort, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.search) out.set('search', merged.search);
    if (merged.sort !== '-joined') out.set('sort', merged.sort);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
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
            {search ? `No customer matches “${search}”.` : 'No customers yet.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {total} customer{total === 1 ? '' : 's'}
            </p>
            <CustomerList customers={customers} />
          </>
        )}
        {pageCount > 1 && (
          <nav aria-label="Customer pages" className="flex items-center justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => go({ page: page - 1 })}
            >
              Previous
            </Button>
            <span className="text-sm">
              Page {page} of {pageCount}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pageCount}
              onClick={() => go({ page: page + 1 })}
            >
              Next
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}
