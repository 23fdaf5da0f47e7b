import type { Pagination } from '@contract/common';
import type { AdminOrderListItem } from '@contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersQueryKey } from '@/lib/admin-query-keys';
import { api, toQuery } from '@/lib/api-client';

export { adminOrdersQueryKey };

type Page = { success: boolean; data: AdminOrderListItem[]; pagination: Pagination };

export const getAllOrders = (page: number) =>
  api.get<Page>(`/api/admin/orders/get${toQuery({ page, limit: 50 })}`);

export const allOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'list', page],
    queryFn: () => getAllOrders(page),
    placeholderData: keepPreviousData,
  });

export function useAllOrders(page: number) {
  return useQuery(allOrdersQuery(page));
}
