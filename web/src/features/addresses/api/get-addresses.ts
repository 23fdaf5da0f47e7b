import type { Address } from '@contract/addresses';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const addressesQueryKey = (userId: string) => ['addresses', userId] as const;

export const getAddresses = (userId: string) =>
  api.get<DataResponse<Address[]>>(`/api/shop/address/get/${userId}`).then((r) => r.data);

export const addressesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: addressesQueryKey(userId ?? ''),
    queryFn: () => getAddresses(userId ?? ''),
    enabled: Boolean(userId),
  });

export function useAddresses(userId: string | undefined) {
  return useQuery(addressesQuery(userId));
}
