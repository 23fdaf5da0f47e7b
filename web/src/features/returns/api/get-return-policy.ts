import type { DataResponse } from '@contract/envelope';
import type { ReturnPolicy } from '@contract/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const returnPolicyQueryKey = ['return-policy'] as const;

export const getReturnPolicy = () =>
  api.get<DataResponse<ReturnPolicy>>('/api/shop/returns/policy').then((r) => r.data);

export const returnPolicyQuery = queryOptions({
  queryKey: returnPolicyQueryKey,
  queryFn: getReturnPolicy,
  // A setting of the shop: it changes with a restart at most.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useReturnPolicy(enabled = true) {
  return useQuery({ ...returnPolicyQuery, enabled });
}
