import {
  type AdminOrderSort,
  adminOrderSorts,
  maxOrderSearch,
  orderStatuses,
  paymentStatuses,
} from '@contract/order-constants';
import { useSearchParams } from 'react-router';
import type { OrderFilters } from '../api/get-all-orders';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  list.find((item) => item === value);

/**
 * The order list's search, filters, sort and page, kept in the address (`?search=…&page=2`): a
 * link or a reload shows the same list. What the server would refuse is read as absent.
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters: OrderFilters = {
    search: (params.get('search') ?? '').slice(0, maxOrderSearch) || undefined,
    status: oneOf(orderStatuses, params.get('status')),
    paymentStatus: oneOf(paymentStatuses, params.get('paymentStatus')),
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) && (!DAY.test(from) || from <= to) ? to : undefined,
    sort: oneOf(adminOrderSorts, params.get('sort')) ?? ('newest' satisfies AdminOrderSort),
    page: Math.min(100_000, Math.max(1, Math.trunc(Number(params.get('page'))) || 1)),
  };

  /** Merges `next` into the filters (back to page 1 unless it names one); keeps `?order=`. */
  const apply = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const out = new URLSearchParams();
    const order = params.get('order');
    if (order) out.set('order', order);
    if (merged.search) out.set('search', merged.search);
    if (merged.status) out.set('status', merged.status);
    if (merged.paymentStatus) out.set('paymentStatus', merged.paymentStatus);
    if (merged.from) out.set('from', merged.from);
    if (merged.to) out.set('to', merged.to);
    if (merged.sort !== 'newest') out.set('sort', merged.sort);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  const isFiltered = Boolean(
    filters.search || filters.status || filters.paymentStatus || filters.from || filters.to,
  );
  return { filters, apply, isFiltered };
}
