import type { PagedResponse } from '@contract/envelope';
import type { AdminReturn } from '@contract/orders';
import type { ReturnStatus } from '@contract/returns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '@/lib/api-client';

export const adminReturnsQueryKey = ['admin-returns'] as const;

type Page = PagedResponse<AdminReturn>;
export type ReturnsFilter = { status?: ReturnStatus | undefined; page: number };

export const getAdminReturns = ({ status, page }: ReturnsFilter) =>
  api.get<Page>(`/api/admin/returns${toQuery({ ...(status ? { status } : {}), page, limit: 20 })}`);

export const adminReturnsQuery = (filter: ReturnsFilter) =>
  queryOptions({
    queryKey: [...adminReturnsQueryKey, 'list', filter.status ?? 'all', filter.page],
    queryFn: () => getAdminReturns(filter),
    placeholderData: keepPreviousData,
  });

export function useAdminReturns(filter: ReturnsFilter) {
  return useQuery(adminReturnsQuery(filter));
}
