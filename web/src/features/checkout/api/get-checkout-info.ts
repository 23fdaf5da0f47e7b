import type { CheckoutInfo } from '@contract/checkout';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getCheckoutInfo = () =>
  api.get<DataResponse<CheckoutInfo>>('/api/shop/order/checkout-info').then((r) => r.data);

export const checkoutInfoQuery = queryOptions({
  queryKey: ['checkout-info'],
  queryFn: getCheckoutInfo,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCheckoutInfo() {
  return useQuery(checkoutInfoQuery);
}
