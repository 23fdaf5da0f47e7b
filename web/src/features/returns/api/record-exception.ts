import type { DataResponse } from '@contract/envelope';
import type { Return, WithdrawalException } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminReturnsQueryKey } from './get-admin-returns';

type Vars = { id: string; body: { exception: WithdrawalException; reason: string } };

/** Records an art. 16 exception for a withdrawal, with the reason shown to the shopper. */
export const recordException = ({ id, body }: Vars) =>
  api.post<DataResponse<Return>>(`/api/admin/returns/${encodeURIComponent(id)}/exception`, body);

export function useRecordException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordException,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnsQueryKey }),
  });
}
