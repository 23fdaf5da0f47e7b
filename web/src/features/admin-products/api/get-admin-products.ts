import type { Product } from '@contract/catalog';
import type { Pagination } from '@contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ADMIN_PAGE_SIZE = 24;

/** Prefix of every admin product list key: mutations invalidate all pages at once. */
export const adminProductsQueryKey = ['admin', 'products'] as const;

export type AdminProductsPage = { data: Product[]; pagination: Pagination };

export const getAdminProducts = (page: number) =>
  api
    .get<{ success: boolean } & AdminProductsPage>(
      `/api/admin/products/get?page=${page}&limit=${ADMIN_PAGE_SIZE}`,
    )
    .then(({ data, pagination }) => ({ data, pagination }));

export const adminProductsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminProductsQueryKey, page],
    queryFn: () => getAdminProducts(page),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(page: number) {
  return useQuery(adminProductsQuery(page));
}
