import type { CustomerDetails } from '@contract/customers';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminCustomersQueryKey } from './get-customers';

export const getCustomer = (id: string) =>
  api.get<DataResponse<CustomerDetails>>(`/api/admin/customers/${id}`).then((r) => r.data);

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminCustomersQueryKey, 'details', id],
    queryFn: () => getCustomer(id),
  });

export function useCustomer(id: string) {
  return useQuery(customerQuery(id));
}
