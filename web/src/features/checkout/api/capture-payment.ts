import type { CaptureBody } from '@contract/checkout';
import type { CaptureResponse } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The return URL's `token` (PayPal's order id) is enough; the server finds the order by it.
 * A guest's capture also answers `statusToken`: its order's status page (/shop/order/{token}).
 */
export const capturePayment = (body: CaptureBody) =>
  api.post<CaptureResponse>('/api/shop/order/capture', body);

export function useCapturePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: capturePayment,
    // A paid order empties the cart and joins the order history.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
