import type { DataMessageResponse } from '@contract/envelope';
import type { Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminOrdersQueryKey } from './get-all-orders';

/** "Ship anyway": shipments go on despite the order's open dispute or chargeback. */
export const shipOverride = (id: string) =>
  api.post<DataMessageResponse<Order>>(
    `/api/admin/orders/${encodeURIComponent(id)}/ship-override`,
    {},
  );

export function useShipOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
