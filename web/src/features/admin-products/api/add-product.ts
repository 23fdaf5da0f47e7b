import type { Product, ProductInput } from '@contract/catalog';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

export const addProduct = (body: ProductInput) =>
  api.post<DataMessageResponse<Product>>('/api/admin/products/add', body).then((r) => r.data);

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}
