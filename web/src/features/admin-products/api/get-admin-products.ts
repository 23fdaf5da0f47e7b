import type { Product } from '@contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminProductsQueryKey = ['admin', 'products'] as const;

export const getAdminProducts = () =>
  api.get<{ success: boolean; data: Product[] }>('/api/admin/products/get').then((r) => r.data);

export const adminProductsQuery = () =>
  queryOptions({ queryKey: adminProductsQueryKey, queryFn: getAdminProducts });

export function useAdminProducts() {
  return useQuery(adminProductsQuery());
}
