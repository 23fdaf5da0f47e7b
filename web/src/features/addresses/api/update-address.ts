import type { Address, AddressFields } from '@contract/addresses';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

type Vars = { userId: string; addressId: string; fields: AddressFields };

export const updateAddress = ({ userId, addressId, fields }: Vars) =>
  api.put<DataMessageResponse<Address>>(`/api/shop/address/update/${userId}/${addressId}`, fields);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (_r, { userId }) =>
      queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
