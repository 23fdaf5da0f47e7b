import type { DataResponse } from '@contract/envelope';
import type { Discount } from '@contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const discountsQueryKey = ['admin', 'discounts'] as const;

export const getDiscounts = () =>
  api.get<DataResponse<Discount[]>>('/api/admin/discounts/get').then((r) => r.data);

export const discountsQuery = () =>
  queryOptions({ queryKey: discountsQueryKey, queryFn: getDiscounts });

export function useDiscounts() {
  return useQuery(discountsQuery());
}
