import type { Pagination } from '@contract/common';
import type { CustomerSort, CustomerSummary } from '@contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomersQueryKey } from '@/lib/admin-query-keys';
import { api, toQuery } from '@/lib/api-client';

export { adminCustomersQueryKey };

export type CustomersParams = { search: string; sort: CustomerSort; page: number };
type Page = { success: boolean; data: CustomerSummary[]; pagination: Pagination };

export const getCustomers = ({ search, sort, page }: CustomersParams) =>
  api.get<Page>(
    `/api/admin/customers${toQuery({ search: search || undefined, sort, page, limit: 25 })}`,
  );

export const customersQuery = (params: CustomersParams) =>
  queryOptions({
    queryKey: [...adminCustomersQueryKey, 'list', params],
    queryFn: () => getCustomers(params),
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomersParams) {
  return useQuery(customersQuery(params));
}
