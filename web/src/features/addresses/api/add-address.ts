import type { Address, AddressFields } from '@contract/addresses';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

type Vars = AddressFields & { userId: string };

export const addAddress = (body: Vars) =>
  api.post<DataMessageResponse<Address>>('/api/shop/address/add', body);

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: (_r, { userId }) =>
      queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
