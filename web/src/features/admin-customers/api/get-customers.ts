import type { CustomerListAnswer, CustomerSort } from '@contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomersQueryKey } from '@/lib/admin-query-keys';
import { api, toQuery } from '@/lib/api-client';

export { adminCustomersQueryKey };

/** A page by number, or the page after or before a cursor of a previous answer. */
export type CustomersParams = {
  search: string;
  sort: CustomerSort;
  page: number;
  after?: string;
  before?: string;
};

export const CUSTOMERS_PER_PAGE = 25;

export const getCustomers = ({ search, sort, page, after, before }: CustomersParams) =>
  api.get<CustomerListAnswer>(
    `/api/admin/customers${toQuery({
      search: search || undefined,
      sort,
      // A cursor places the page; its number is only the page's label here.
      page: after || before ? undefined : page,
      after,
      before,
      limit: CUSTOMERS_PER_PAGE,
    })}`,
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
