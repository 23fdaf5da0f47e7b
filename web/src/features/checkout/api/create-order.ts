import type { CreateOrderBody } from '@contract/checkout';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A guest's email and delivery address (GUEST_CHECKOUT), sent instead of a saved address. */
export type GuestOrderInput = {
  email: string;
  addressInfo: {
    address: string;
    city: string;
    pincode: string;
    phone: string;
    notes: string;
    country: string;
    region: string;
  };
};

export type CreateOrderInput = {
  userId: string;
  cartId: string | null;
  addressId: string | undefined;
  guest?: GuestOrderInput | undefined;
} & Pick<CreateOrderBody, 'shippingMethodId' | 'discountCode'>;
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
  guest,
}: CreateOrderInput) =>
  api.post<CreateOrderResponse>('/api/shop/order/create', {
    userId,
    ...(cartId ? { cartId } : {}),
    ...(guest
      ? { email: guest.email, addressInfo: guest.addressInfo }
      : { addressInfo: { addressId } }),
    ...(shippingMethodId ? { shippingMethodId } : {}),
    ...(discountCode ? { discountCode } : {}),
  });

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
