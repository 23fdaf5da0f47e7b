import type { DataMessageResponse } from '@contract/envelope';
import type { ShippingZone, ShippingZoneBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shippingZonesQueryKey } from './get-shipping-zones';

/** Replaces the zone; methods sent with their `_id` keep it (orders name their method by it). */
export const editShippingZone = ({ id, body }: { id: string; body: ShippingZoneBody }) =>
  api.put<DataMessageResponse<ShippingZone>>(
    `/api/admin/shipping-zones/edit/${encodeURIComponent(id)}`,
    body,
  );

export function useEditShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editShippingZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingZonesQueryKey }),
  });
}
