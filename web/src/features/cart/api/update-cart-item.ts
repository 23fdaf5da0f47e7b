import type { Cart, CartItemBody } from '@contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

export const updateCartItem = (body: CartItemBody) =>
  api.put<{ success: boolean; data: Cart }>('/api/shop/cart/update-cart', body).then((r) => r.data);

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (cart, { userId }) => queryClient.setQueryData(cartQueryKey(userId), cart),
  });
}
