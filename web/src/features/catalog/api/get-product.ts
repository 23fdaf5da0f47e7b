import type { ProductWithChart } from '@contract/catalog';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

export const getProduct = (id: string) =>
  api
    .get<DataResponse<ProductWithChart>>(`/api/shop/products/get/${encodeURIComponent(id)}`)
    .then((r) => r.data);

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: () => getProduct(id),
    retry: false,
    // A product found missing stays missing for this page (and matches the server's page).
    retryOnMount: false,
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
