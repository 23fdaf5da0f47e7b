import type { CustomerErasedResponse } from '@contract/privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomersQueryKey } from '@/lib/admin-query-keys';
import { api } from '@/lib/api-client';

/** The JSON download of a customer's data, as they would get it: a plain GET. */
export const customerExportUrl = (id: string) =>
  `/api/admin/customers/${encodeURIComponent(id)}/export`;

export const eraseCustomer = (id: string) =>
  api.post<CustomerErasedResponse>(`/api/admin/customers/${encodeURIComponent(id)}/delete`);

/** Erases a customer's personal data; the customer list and page read again. */
export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCustomersQueryKey }),
  });
}
