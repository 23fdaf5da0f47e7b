import type { Product, ProductInput } from '@contract/catalog';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

export const editProduct = ({ id, body }: { id: string; body: ProductInput }) =>
  api
    .put<DataMessageResponse<Product>>(`/api/admin/products/edit/${encodeURIComponent(id)}`, body)
    .then((r) => r.data);

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}
