import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxRatesQueryKey } from './get-tax-rates';

export const deleteTaxRate = (id: string) =>
  api.delete<MessageResponse>(`/api/admin/tax-rates/delete/${encodeURIComponent(id)}`);

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}
