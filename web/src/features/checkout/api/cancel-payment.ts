import type { CancelBody } from '@contract/checkout';
import type { DataMessageResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cancelPayment = (body: CancelBody) =>
  api.post<DataMessageResponse<Order>>('/api/shop/order/cancel', body);

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
