import type { DataResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ordersQueryKey = (userId: string) => ['orders', userId] as const;

export const getOrders = (userId: string) =>
  api.get<DataResponse<Order[]>>(`/api/shop/order/list/${userId}`).then((r) => r.data);

export const ordersQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ordersQueryKey(userId ?? ''),
    queryFn: () => getOrders(userId ?? ''),
    enabled: Boolean(userId),
  });

export function useOrders(userId: string | undefined) {
  return useQuery(ordersQuery(userId));
}
