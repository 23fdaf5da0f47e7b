import type { CartItemBody } from '@contract/cart';
import { api } from '@/lib/api-client';
import { type Cart, useCartWrite } from './get-cart';

export const addToCart = (body: CartItemBody) =>
  api.post<{ success: boolean; data: Cart }>('/api/shop/cart/add', body).then((r) => r.data);

export function useAddToCartMutation() {
  return useCartWrite(addToCart);
}
