import type { DataResponse } from '@contract/envelope';
import type { Return } from '@contract/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminReturnsQueryKey } from './get-admin-returns';

type Vars = { id: string; body: { lines: { lineId: string; restock: boolean }[] } };

/** Records an approved return as received: per line, whether its items go back into stock. */
export const receiveReturn = ({ id, body }: Vars) =>
  api.post<DataResponse<Return>>(`/api/admin/returns/${encodeURIComponent(id)}/receive`, body);

export function useReceiveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveReturn,
    // Also after a refusal by the server (a step already taken): the list shows where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReturnsQueryKey }),
  });
}
