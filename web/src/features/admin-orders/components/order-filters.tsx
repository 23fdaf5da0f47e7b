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
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
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
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="order-status">Status</Label>
        <NativeSelect id="order-status" value={values.status} onChange={choose('status')}>
          <option value="">All statuses</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="order-payment">Payment</Label>
        <NativeSelect
          id="order-payment"
          value={values.paymentStatus}
          onChange={choose('paymentStatus')}
        >
          <option value="">All payments</option>
          {paymentStatuses.map((s) => (
            <option key={s} value={s}>
              {paymentStatusLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
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
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="order-sort">Sort by</Label>
        <NativeSelect id="order-sort" value={values.sort} onChange={choose('sort')}>
          {adminOrderSorts.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-1 sm:justify-end">
        <Button type="submit">Search</Button>
        <Button type="button" variant="outline" onClick={clear} disabled={isClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
