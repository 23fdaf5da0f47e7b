import type { DataResponse } from '@contract/envelope';
import type { StockAlert } from '@contract/stock-alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

type ListResponse = DataResponse<StockAlert[]>;

export const stockAlertsQueryKey = (userId: string) => ['stock-alerts', userId] as const;

const listAlerts = () => api.get<ListResponse>('/api/shop/stock-alerts').then((r) => r.data);

export const stockAlertsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: stockAlertsQueryKey(userId ?? ''),
    queryFn: listAlerts,
    enabled: Boolean(userId),
  });

/** The products the signed-in shopper waits for. */
export function useStockAlerts() {
  const { user } = useAuth();
  return useQuery(stockAlertsQuery(user?.id));
}

export function useStockAlertMutation() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      variantId,
      wait,
    }: {
      productId: string;
      /** One size/colour of the product; null for the product as a whole. */
      variantId: string | null;
      wait: boolean;
    }) =>
      (wait
        ? api.post<ListResponse>('/api/shop/stock-alerts', {
            productId,
            ...(variantId ? { variantId } : {}),
          })
        : api.delete<ListResponse>(
            `/api/shop/stock-alerts/${productId}${variantId ? `?variantId=${variantId}` : ''}`,
          )
      ).then((r) => r.data),
    onSuccess: (list) => queryClient.setQueryData(stockAlertsQueryKey(user?.id ?? ''), list),
  });
}
