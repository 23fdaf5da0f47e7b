import type { AdminEmails } from '@contract/email';
import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['admin-emails'] as const;

/** The outbox's failed messages and the count per status. */
export function useFailedEmails() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<AdminEmails>('/api/admin/emails?status=failed&limit=20'),
    staleTime: 0,
  });
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MessageResponse>(`/api/admin/emails/retry/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
