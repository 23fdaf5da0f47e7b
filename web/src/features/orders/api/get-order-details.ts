import type { DataResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const orderDetailsQueryKey = (id: string) => ['orders', 'details', id] as const;

export const getOrderDetails = (id: string) =>
  api.get<DataResponse<Order>>(`/api/shop/order/details/${id}`).then((r) => r.data);

export const orderDetailsQuery = (id: string | null) =>
  queryOptions({
    queryKey: orderDetailsQueryKey(id ?? ''),
    queryFn: () => getOrderDetails(id ?? ''),
    enabled: Boolean(id),
  });

export function useOrderDetails(id: string | null) {
  return useQuery(orderDetailsQuery(id));
}
