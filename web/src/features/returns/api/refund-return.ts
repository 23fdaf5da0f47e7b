import type { DataResponse } from '@contract/envelope';
import type { Return } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminReturnsQueryKey } from './get-admin-returns';

/**
 * Refunds a received return through PayPal. The server computes the amount (the lines' share of
 * what was paid, plus shipping for a whole withdrawal), so the client sends none.
 */
export const refundReturn = (id: string) =>
  api.post<DataResponse<Return>>(`/api/admin/returns/${encodeURIComponent(id)}/refund`, {});

export function useRefundReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundReturn,
    // Also after a refusal by the server (a step already taken): the list shows where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnsQueryKey }),
  });
}
