import type { MessageResponse } from '@contract/envelope';
import type { OrderLookupBody } from '@contract/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type LookupInput = { orderNumber: string; email: string };

/** Asks for a guest order's link by its number and email; the answer never says if it exists. */
export const lookupOrder = (body: LookupInput) =>
  api.post<MessageResponse>(
    '/api/shop/order/lookup',
    body satisfies { [K in keyof OrderLookupBody]: unknown },
  );

export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
