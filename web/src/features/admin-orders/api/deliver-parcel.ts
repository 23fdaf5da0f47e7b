import type { DataMessageResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

type Vars = { orderId: string; shipmentId: string };

/** One parcel arrived (now); the order is delivered with its last parcel. */
export const deliverParcel = ({ orderId, shipmentId }: Vars) =>
  api.post<DataMessageResponse<Order>>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/delivered`,
    {},
  );

export function useDeliverParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverParcel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
