import type { DataMessageResponse } from '@contract/envelope';
import type { Discount, DiscountBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const editDiscount = ({ id, body }: { id: string; body: DiscountBody }) =>
  api.put<DataMessageResponse<Discount>>(
    `/api/admin/discounts/edit/${encodeURIComponent(id)}`,
    body,
  );

export function useEditDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
