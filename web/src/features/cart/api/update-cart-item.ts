import type { Cart, CartItemBody } from '@contract/cart';
import type { DataResponse } from '@contract/envelope';
import { api } from '@/lib/api-client';
import { useCartWrite } from './get-cart';

export const updateCartItem = (body: CartItemBody) =>
  api.put<DataResponse<Cart>>('/api/shop/cart/update-cart', body).then((r) => r.data);

export function useUpdateCartItem() {
  return useCartWrite(updateCartItem);
}
