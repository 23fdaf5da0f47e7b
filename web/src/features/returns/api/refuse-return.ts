import type { DataResponse } from '@contract/envelope';
import type { Return } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminReturnsQueryKey } from './get-admin-returns';

type Vars = { id: string; body: { reason: string } };

/** Refuses a requested return with a reason, emailed to the shopper. */
export const refuseReturn = ({ id, body }: Vars) =>
  api.post<DataResponse<Return>>(`/api/admin/returns/${encodeURIComponent(id)}/refuse`, body);

export function useRefuseReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseReturn,
    // Also after a refusal by the server (a step already taken): the list shows where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnsQueryKey }),
  });
}
