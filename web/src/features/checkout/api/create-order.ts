import type { CreateOrderBody } from '@contract/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateOrderInput = { userId: string; cartId: string | null; addressId: string } & Pick<
  CreateOrderBody,
  'shippingMethodId' | 'discountCode'
>;
type CreateOrderResponse = { success: boolean; approvalURL: string; orderId: string };

/**
 * The server takes lines, prices and total from the cart and prices them as the quote did:
 * only who, where, the shipping method and the code are sent.
 */
export const createOrder = ({
  userId,
  cartId,
  addressId,
  shippingMethodId,
  discountCode,
}: CreateOrderInput) =>
  api.post<CreateOrderResponse>('/api/shop/order/create', {
    userId,
    ...(cartId ? { cartId } : {}),
    addressInfo: { addressId },
    ...(shippingMethodId ? { shippingMethodId } : {}),
    ...(discountCode ? { discountCode } : {}),
  });

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
