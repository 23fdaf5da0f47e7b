import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateOrderInput = { userId: string; cartId: string | null; addressId: string };
type CreateOrderResponse = { success: boolean; approvalURL: string; orderId: string };

/** The server takes lines, prices and total from the cart; only who and where are sent. */
export const createOrder = ({ userId, cartId, addressId }: CreateOrderInput) =>
  api.post<CreateOrderResponse>('/api/shop/order/create', {
    userId,
    ...(cartId ? { cartId } : {}),
    addressInfo: { addressId },
  });

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
