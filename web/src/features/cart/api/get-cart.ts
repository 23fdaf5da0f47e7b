import type { Cart } from '@contract/cart';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Cart, CartItem } from '@contract/cart';

export const cartQueryKey = (userId: string) => ['cart', userId] as const;

export const getCart = (userId: string) =>
  api.get<{ success: boolean; data: Cart }>(`/api/shop/cart/get/${userId}`).then((r) => r.data);

export const cartQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: cartQueryKey(userId ?? ''),
    queryFn: () => getCart(userId ?? ''),
    enabled: Boolean(userId),
  });

export function useCart(userId: string | undefined) {
  return useQuery(cartQuery(userId));
}

/**
 * A cart write answered with the whole cart: the answer becomes the cart. A read of the cart
 * still in flight began before the write, so it is cancelled rather than let its older answer
 * replace the new one (a shopper signing in with a pending add lost the line to this race).
 * A failed write reads the cart again.
 */
export function useCartWrite<Vars extends { userId: string }>(
  mutationFn: (vars: Vars) => Promise<Cart>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: ({ userId }: Vars) => queryClient.cancelQueries({ queryKey: cartQueryKey(userId) }),
    onSuccess: (cart: Cart, { userId }: Vars) => {
      queryClient.setQueryData(cartQueryKey(userId), cart);
    },
    onError: (_error: Error, { userId }: Vars) =>
      queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) }),
  });
}
