import type { DataMessageResponse } from '@contract/envelope';
import type { TaxRate, TaxRateBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxRatesQueryKey } from './get-tax-rates';

export const editTaxRate = ({ id, body }: { id: string; body: TaxRateBody }) =>
  api.put<DataMessageResponse<TaxRate>>(
    `/api/admin/tax-rates/edit/${encodeURIComponent(id)}`,
    body,
  );

export function useEditTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}
