import type { DataResponse } from '@contract/envelope';
import type { AdminOrder } from '@contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

export const getAdminOrderDetails = (id: string) =>
  api.get<DataResponse<AdminOrder>>(`/api/admin/orders/details/${id}`).then((r) => r.data);

export const adminOrderDetailsQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'details', id ?? ''],
    queryFn: () => getAdminOrderDetails(id ?? ''),
    enabled: Boolean(id),
  });

export function useAdminOrderDetails(id: string | null) {
  return useQuery(adminOrderDetailsQuery(id));
}
