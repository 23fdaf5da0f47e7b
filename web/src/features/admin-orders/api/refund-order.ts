import type { DataMessageResponse } from '@contract/envelope';
import type { Order, RefundBody } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

type Vars = RefundBody & { id: string };

export const refundOrder = ({ id, ...body }: Vars) =>
  api.post<DataMessageResponse<Order>>(`/api/admin/orders/refund/${id}`, body);

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
