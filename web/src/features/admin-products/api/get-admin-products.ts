import type { AdminProductListItem, AdminProductsFilters } from '@contract/admin-product-list';
import type { PagedResponse } from '@contract/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '@/lib/api-client';

export const ADMIN_PAGE_SIZE = 24;

/** Prefix of every admin product list key: mutations invalidate all pages at once. */
export const adminProductsQueryKey = ['admin', 'products'] as const;

/** The list's search, filters and page as the page holds them; limit is the page's own. */
export type ProductFilters = AdminProductsFilters & { page: number };

export const getAdminProducts = ({ search, category, brand, stock, page }: ProductFilters) =>
  api
    .get<PagedResponse<AdminProductListItem>>(
      `/api/admin/products/get${toQuery({ search, category, brand, stock, page, limit: ADMIN_PAGE_SIZE })}`,
    )
    .then(({ data, pagination }) => ({ data, pagination }));

export const adminProductsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...adminProductsQueryKey, filters],
    queryFn: () => getAdminProducts(filters),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(filters: ProductFilters) {
  return useQuery(adminProductsQuery(filters));
}
