import type { Cart } from '@contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
