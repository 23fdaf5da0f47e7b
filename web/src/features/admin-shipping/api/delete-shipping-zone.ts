import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shippingZonesQueryKey } from './get-shipping-zones';

export const deleteShippingZone = (id: string) =>
  api.delete<MessageResponse>(`/api/admin/shipping-zones/delete/${encodeURIComponent(id)}`);

export function useDeleteShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingZonesQueryKey }),
  });
}
