import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

type Vars = { userId: string; addressId: string };

export const deleteAddress = ({ userId, addressId }: Vars) =>
  api.delete<MessageResponse>(`/api/shop/address/delete/${userId}/${addressId}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_r, { userId }) =>
      queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
