import type { DataResponse } from '@contract/envelope';
import type { Return } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminReturnsQueryKey } from './get-admin-returns';

type Vars = { id: string; body: { instructions: string } };

/** Approves a requested return; the instructions are emailed to the shopper. */
export const approveReturn = ({ id, body }: Vars) =>
  api.post<DataResponse<Return>>(`/api/admin/returns/${encodeURIComponent(id)}/approve`, body);

export function useApproveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReturn,
    // Also after a refusal by the server (a step already taken): the list shows where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnsQueryKey }),
  });
}
