import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The shop's return window (RETURN_DAYS) and the law's withdrawal period, in days after
 * delivery, and the calendar they end in (SHOP_TIME_ZONE, SHOP_HOLIDAYS).
 */
export type ReturnPolicy = {
  returnDays: number;
  withdrawalDays: number;
  timeZone: string;
  holidays: string[];
};

export const returnPolicyQueryKey = ['return-policy'] as const;

export const getReturnPolicy = () =>
  api.get<{ success: boolean; data: ReturnPolicy }>('/api/shop/returns/policy').then((r) => r.data);

export const returnPolicyQuery = queryOptions({
  queryKey: returnPolicyQueryKey,
  queryFn: getReturnPolicy,
  // A setting of the shop: it changes with a restart at most.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useReturnPolicy(enabled = true) {
  return useQuery({ ...returnPolicyQuery, enabled });
}
