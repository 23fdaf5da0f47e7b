import type { Cart, CartItemBody } from '@contract/cart';
import { api } from '@/lib/api-client';
import { useCartWrite } from './get-cart';

export const updateCartItem = (body: CartItemBody) =>
  api.put<{ success: boolean; data: Cart }>('/api/shop/cart/update-cart', body).then((r) => r.data);

export function useUpdateCartItem() {
  return useCartWrite(updateCartItem);
}
