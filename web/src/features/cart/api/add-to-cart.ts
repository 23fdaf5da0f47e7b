import { api } from '@/lib/api-client';
import { type Cart, useCartWrite } from './get-cart';

export type AddToCartBody = {
  userId: string;
  productId: string;
  quantity: number;
  variantId?: string;
};

export const addToCart = (body: AddToCartBody) =>
  api.post<{ success: boolean; data: Cart }>('/api/shop/cart/add', body).then((r) => r.data);

export function useAddToCartMutation() {
  return useCartWrite(addToCart);
}
