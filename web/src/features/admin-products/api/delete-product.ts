import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

export const deleteProduct = (id: string) =>
  api.delete<MessageResponse>(`/api/admin/products/delete/${encodeURIComponent(id)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}
