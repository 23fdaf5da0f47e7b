import type { PagedResponse } from '@contract/envelope';
import type { AdminOrderListItem, AdminOrdersQuery } from '@contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersQueryKey } from '@/lib/admin-query-keys';
import { api, toQuery } from '@/lib/api-client';

export { adminOrdersQueryKey };

type Page = PagedResponse<AdminOrderListItem>;
/** The list's filters as the page holds them; limit is the page's own. */
export type OrderFilters = Omit<AdminOrdersQuery, 'limit'>;

export const ORDERS_PER_PAGE = 50;

export const getAllOrders = ({
  search,
  status,
  paymentStatus,
  from,
  to,
  sort,
  page,
}: OrderFilters) =>
  api.get<Page>(
    `/api/admin/orders/get${toQuery({
      search: search || undefined,
      status,
      paymentStatus,
      from,
      to,
      sort: sort === 'newest' ? undefined : sort,
      page,
      limit: ORDERS_PER_PAGE,
    })}`,
  );

export const allOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'list', filters],
    queryFn: () => getAllOrders(filters),
    placeholderData: keepPreviousData,
  });

export function useAllOrders(filters: OrderFilters) {
  return useQuery(allOrdersQuery(filters));
}
