import type { DataMessageResponse } from '@contract/envelope';
import type { Note } from '@contract/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrdersQueryKey } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';
import { adminCustomersQueryKey } from './get-customers';

/** What a note is about: a customer or an order. */
export type NoteTarget = { kind: 'customer' | 'order'; id: string };

export const addNote = ({ kind, id, body }: NoteTarget & { body: string }) =>
  api.post<DataMessageResponse<Note>>(
    `/api/admin/${kind === 'customer' ? 'customers' : 'orders'}/${id}/notes`,
    { body },
  );

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: (_data, vars) =>
      queryClient.invalidateQueries({
        queryKey: vars.kind === 'customer' ? adminCustomersQueryKey : adminOrdersQueryKey,
      }),
  });
}
