import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { taxCoverageQueryKey } from './get-tax-coverage';

export const unmarkNoTax = (country: string) =>
  api.delete<MessageResponse>(`/api/admin/tax-rates/no-tax/delete/${encodeURIComponent(country)}`);

export function useUnmarkNoTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmarkNoTax,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxCoverageQueryKey }),
  });
}
