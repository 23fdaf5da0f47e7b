import type { DataMessageResponse } from '@contract/envelope';
import type { TaxRate, TaxRateBody } from '@contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxRatesQueryKey } from './get-tax-rates';

export const addTaxRate = (body: TaxRateBody) =>
  api.post<DataMessageResponse<TaxRate>>('/api/admin/tax-rates/add', body);

export function useAddTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}
