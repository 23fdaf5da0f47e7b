import type { DataMessageResponse } from '@contract/envelope';
import type { NoTaxCountry } from '@contract/tax-coverage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxCoverageQueryKey } from './get-tax-coverage';

export const markNoTax = (country: string) =>
  api.post<DataMessageResponse<NoTaxCountry>>('/api/admin/tax-rates/no-tax/add', { country });

export function useMarkNoTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoTax,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxCoverageQueryKey }),
  });
}
