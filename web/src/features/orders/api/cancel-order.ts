import type { DataMessageResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cancelOrder = (orderId: string) =>
  api.post<DataMessageResponse<Order>>('/api/shop/order/cancel', {
    orderId,
  });

/** Cancels a paid order that has not shipped; the server refunds it through PayPal. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
