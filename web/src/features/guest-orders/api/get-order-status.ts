import type { DataResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const orderStatusQueryKey = (token: string) => ['orders', 'status', token] as const;

/** A guest order by the token of its emailed link (/shop/order/{token}). */
export const getOrderStatus = (token: string) =>
  api
    .get<DataResponse<Order>>(`/api/shop/order/status/${encodeURIComponent(token)}`)
    .then((r) => r.data);

export const orderStatusQuery = (token: string) =>
  queryOptions({
    queryKey: orderStatusQueryKey(token),
    queryFn: () => getOrderStatus(token),
    // A link that names no order stays that way: asking again changes nothing, and the page
    // the server rendered already says so (its 404 comes with the page's state).
    retry: false,
    retryOnMount: false,
  });

export function useOrderStatus(token: string) {
  return useQuery(orderStatusQuery(token));
}
