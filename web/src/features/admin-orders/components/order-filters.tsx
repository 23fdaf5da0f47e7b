import {
  type AdminOrderSort,
  adminOrderSorts,
  maxOrderSearch,
  orderStatuses,
  orderStatusLabels,
  paymentStatuses,
  paymentStatusLabels,
} from '@contract/order-constants';
import { type FormEvent, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { OrderFilters } from '../api/get-all-orders';

const sortLabels: Record<AdminOrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Highest total',
  total_asc: 'Lowest total',
};

type Values = {
  search: string;
  status: string;
  paymentStatus: string;
  from: string;
  to: string;
  sort: string;
};
const toValues = (f: OrderFilters): Values => ({
  search: f.search ?? '',
  status: f.status ?? '',
  paymentStatus: f.paymentStatus ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
  sort: f.sort,
});

/**
 * Search (number, email or name), status, payment status, a range of days and the sort. A choice
 * in a list applies at once; typed text and days apply with Search (or Enter).
 */
export function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (next: Partial<OrderFilters>) => void;
}) {
  const [values, setValues] = useState(() => toValues(filters));
  const apply = (v: Values) =>
    onApply({
      search: v.search.trim().slice(0, maxOrderSearch) || undefined,
      status: orderStatuses.find((s) => s === v.status),
      paymentStatus: paymentStatuses.find((s) => s === v.paymentStatus),
      from: v.from || undefined,
      to: v.to || undefined,
      sort: adminOrderSorts.find((s) => s === v.sort) ?? 'newest',
    });
  const type = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const choose = (key: keyof Values) => (e: { target: { value: string } }) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    apply(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(values);
  };
  const clear = () => {
    const none = toValues({ sort: values.sort as AdminOrderSort, page: 1 });
    setValues(none);
    apply(none);
  };
  const isClear =
    !values.search && !values.status && !values.paymentStatus && !values.from && !values.to;

  return (
    <form
      onSubmit={submit}
      aria-label="Find orders"
      className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:items-end"
    >
      <div className="col-span-2 grid min-w-0 gap-1.5">
        <Label htmlFor="order-search">Search by number, email or name</Label>
        <Input
          id="order-search"
          type="search"
          maxLength={maxOrderSearch}
          placeholder="#100042, email or name"
          value={values.search}
          onChange={type('search')}
        />
      </div>
      <FilterSelect
        id="order-status"
        label="Status"
        any="All statuses"
        values={orderStatuses}
        labels={orderStatusLabels}
        value={values.status}
        onChange={choose('status')}
        className="col-span-2 sm:col-span-1"
      />
      <FilterSelect
        id="order-payment"
        label="Payment"
        any="All payments"
        values={paymentStatuses}
        labels={paymentStatusLabels}
        value={values.paymentStatus}
        onChange={choose('paymentStatus')}
        className="col-span-2 sm:col-span-1"
      />
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="order-from">From</Label>
        <Input
          id="order-from"
          type="date"
          className="min-w-0"
          max={values.to || undefined}
          value={values.from}
          onChange={type('from')}
        />
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="order-to">To</Label>
        <Input
          id="order-to"
          type="date"
          className="min-w-0"
          min={values.from || undefined}
          value={values.to}
          onChange={type('to')}
        />
      </div>
      <FilterSelect
        id="order-sort"
        label="Sort by"
        values={adminOrderSorts}
        labels={sortLabels}
        value={values.sort}
        onChange={choose('sort')}
        className="col-span-2 sm:col-span-1"
      />
      <div className="col-span-2 flex gap-2 sm:col-span-1 sm:justify-end">
        <Button type="submit">Search</Button>
        <Button type="button" variant="outline" onClick={clear} disabled={isClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
