import type { CartItemBody } from '@contract/cart';
import type { DataResponse } from '@contract/envelope';
import { api } from '@/lib/api-client';
import { type Cart, useCartWrite } from './get-cart';

export const addToCart = (body: CartItemBody) =>
  api.post<DataResponse<Cart>>('/api/shop/cart/add', body).then((r) => r.data);

export function useAddToCartMutation() {
  return useCartWrite(addToCart);
}
