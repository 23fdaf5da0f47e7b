import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const deleteDiscount = (id: string) =>
  api.delete<MessageResponse>(`/api/admin/discounts/delete/${encodeURIComponent(id)}`);

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
