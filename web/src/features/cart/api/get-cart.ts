import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CartItem = {
  productId: string;
  image: string;
  title: string;
  price: number;
  salePrice: number;
  quantity: number;
  totalStock: number;
};
export type Cart = { _id: string | null; items: CartItem[] };

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
