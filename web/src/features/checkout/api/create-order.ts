import type { CreateOrderBody, CreateOrderResponse } from '@contract/checkout';
import { pricesChangedPrefix } from '@contract/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { shopperQuotesKey } from './get-quote';

/** A guest's email and delivery address (GUEST_CHECKOUT), sent instead of a saved address. */
export type GuestOrderInput = {
  email: string;
  addressInfo: {
    /** Whom the parcel is for: its label and the order's messages name them. */
    name: string;
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
} & Pick<CreateOrderBody, 'shippingMethodId' | 'discountCode' | 'expectedTotal'>;

/** The server's total moved away from the one on screen: nothing was ordered (409). */
export const isPricesChanged = (error: Error) =>
  error instanceof ApiError &&
  error.status === 409 &&
  error.message.startsWith(pricesChangedPrefix);

/**
 * The server takes lines, prices and total from the cart and prices them as the quote did:
 * only who, where, the shipping method, the code and the total shown are sent.
 */
export const createOrder = ({
  userId,
  cartId,
  addressId,
  shippingMethodId,
  discountCode,
  expectedTotal,
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
    ...(expectedTotal !== undefined ? { expectedTotal } : {}),
  });

/** A total that moved asks the quote again: the next click pays the total it shows. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onError: async (error, { userId }) => {
      if (!isPricesChanged(error)) return;
      await queryClient.invalidateQueries({ queryKey: shopperQuotesKey(userId) });
    },
  });
}
