import type { DataMessageResponse } from '@contract/envelope';
import type { ShippingZone, ShippingZoneBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shippingZonesQueryKey } from './get-shipping-zones';

export const addShippingZone = (body: ShippingZoneBody) =>
  api.post<DataMessageResponse<ShippingZone>>('/api/admin/shipping-zones/add', body);

export function useAddShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShippingZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingZonesQueryKey }),
  });
}
