import type { Cart } from '@contract/cart';
import type { DataResponse } from '@contract/envelope';
import { GUEST_ID } from '@contract/limits';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopSettings } from '@/lib/shop-settings';

export type { Cart, CartItem } from '@contract/cart';

export const cartQueryKey = (userId: string) => ['cart', userId] as const;

export const getCart = (userId: string) =>
  api.get<DataResponse<Cart>>(`/api/shop/cart/get/${userId}`).then((r) => r.data);

/**
 * Whose cart: the signed-in shopper's, else, with GUEST_CHECKOUT, this browser's guest cart
 * ("guest": its cookie picks it on the server). Undefined: a visitor who must sign in first.
 */
export const cartOwner = (userId: string | undefined) =>
  userId ?? (shopSettings().guestCheckout ? GUEST_ID : undefined);

export const cartQuery = (userId: string | undefined) => {
  const owner = cartOwner(userId);
  return queryOptions({
    queryKey: cartQueryKey(owner ?? ''),
    queryFn: () => getCart(owner ?? ''),
    // A guest's cart is read by the browser, not by the server's render: a visitor's page
    // stays the same for every visitor, and its cart arrives after hydration (starting at 0).
    enabled: Boolean(owner) && (owner !== GUEST_ID || typeof window !== 'undefined'),
  });
};

/** The cart of `userId`, or of this browser's guest when signed out (see cartOwner). */
export function useCart(userId: string | undefined) {
  return useQuery(cartQuery(userId));
}

/**
 * A cart write answered with the whole cart: the answer becomes the cart. A read of the cart
 * in flight when the write starts began before it, so it is cancelled rather than let its older
 * answer replace the new one (a shopper signing in with a pending add lost the line to this
 * race). So is one in flight when the answer comes: it began during the write and may have been
 * read before it (a visitor's header, enabled once the session said "guest", read the empty
 * cart while the first add was under way, and showed 0 items after the add's toast). A failed
 * write reads the cart again.
 */
export const cartWriteOptions = <Vars extends { userId: string }>(
  queryClient: QueryClient,
  mutationFn: (vars: Vars) => Promise<Cart>,
) => ({
  mutationFn,
  onMutate: ({ userId }: Vars) => queryClient.cancelQueries({ queryKey: cartQueryKey(userId) }),
  onSuccess: async (cart: Cart, { userId }: Vars) => {
    await queryClient.cancelQueries({ queryKey: cartQueryKey(userId) });
    queryClient.setQueryData(cartQueryKey(userId), cart);
  },
  onError: (_error: Error, { userId }: Vars) =>
    queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) }),
});

export function useCartWrite<Vars extends { userId: string }>(
  mutationFn: (vars: Vars) => Promise<Cart>,
) {
  return useMutation(cartWriteOptions(useQueryClient(), mutationFn));
}
