import type { DataResponse } from '@contract/envelope';
import type { CreateReturnBody, Return } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Answer = DataResponse<Return>;

/** A signed-in shopper's return request on a delivered order. */
export const createReturn = (body: CreateReturnBody) => api.post<Answer>('/api/shop/returns', body);

/**
 * A guest's return request, by the token of the order's emailed link (the link is the
 * credential, as on its status page).
 */
export const createGuestReturn = (token: string, body: Omit<CreateReturnBody, 'orderId'>) =>
  api.post<Answer>(`/api/shop/order/status/${encodeURIComponent(token)}/returns`, body);

// The order answers carry their returns: every order query of the shop starts with 'orders'
// (the shopper's list and details, the guest's status page), so all of them are read again.
export const orderQueriesKey = ['orders'] as const;

type Vars = { token?: string | undefined; body: CreateReturnBody };

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, body }: Vars) => {
      if (!token) return createReturn(body);
      const { orderId: _orderId, ...rest } = body;
      return createGuestReturn(token, rest);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueriesKey }),
  });
}
