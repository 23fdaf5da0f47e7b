import type { MessageResponse } from '@contract/envelope';
import type { ClaimOrdersResponse } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Follows an emailed claim link: the guest orders of the account's email join it. */
export const claimOrders = (token: string) =>
  api.post<ClaimOrdersResponse>('/api/shop/order/claim', { token });

/** Emails the signed-in shopper a claim link, when guest orders used their email. */
export const requestClaimLink = () => api.post<MessageResponse>('/api/shop/order/claim-request');

export function useClaimOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimOrders,
    // Claimed orders join the order history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

export function useRequestClaimLink() {
  return useMutation({ mutationFn: requestClaimLink });
}
