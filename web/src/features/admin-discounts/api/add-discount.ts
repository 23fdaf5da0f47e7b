import type { DataMessageResponse } from '@contract/envelope';
import type { Discount, DiscountBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discountsQueryKey } from './get-discounts';

export const addDiscount = (body: DiscountBody) =>
  api.post<DataMessageResponse<Discount>>('/api/admin/discounts/add', body);

export function useAddDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryKey }),
  });
}
