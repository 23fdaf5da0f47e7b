import type { Discount, DiscountBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const addDiscount = (body: DiscountBody) =>
  api.post<{ success: boolean; message: string; data: Discount }>('/api/admin/discounts/add', body);

export function useAddDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
