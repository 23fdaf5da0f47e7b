import type { Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CancelInput = { orderId?: string; paymentId?: string };

export const cancelPayment = (body: CancelInput) =>
  api.post<{ success: boolean; data: Order; message: string }>('/api/shop/order/cancel', body);

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
