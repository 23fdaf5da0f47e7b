import type { DataMessageResponse } from '@contract/envelope';
import type { Order, UpdateOrderStatusBody } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

type Vars = { id: string } & UpdateOrderStatusBody;

export const updateOrderStatus = ({ id, orderStatus, trackingNumber }: Vars) =>
  api.put<DataMessageResponse<Order>>(`/api/admin/orders/update/${id}`, {
    orderStatus,
    ...(trackingNumber ? { trackingNumber } : {}),
  });

/** SPEC §7: after an update the details and the list reload. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
