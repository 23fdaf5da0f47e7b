import type { DataMessageResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import type { CreateShipmentBody } from '@contract/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

type Vars = CreateShipmentBody & { id: string };

export const createShipment = ({ id, ...body }: Vars) =>
  api.post<DataMessageResponse<Order>>(`/api/admin/orders/${id}/shipments`, body);

/** After a shipment the details (its parcels, its status) and the list reload. */
export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
