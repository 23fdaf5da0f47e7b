import type { SortKey } from '@contract/catalog';
import type { ListingResponse } from '@contract/listing';
import type { ListingFilters } from '@contract/listing-filters';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '@/lib/api-client';

/** The listing's query: its filters (prices as typed, "19.99"), sort and page. */
export type ProductsParams = ListingFilters<string> & {
  sortBy: SortKey;
  page?: number;
  limit?: number;
};

export const getProducts = (params: ProductsParams) =>
  api.get<ListingResponse>(`/api/shop/products/get${toQuery(params)}`);

export const productsQuery = (params: ProductsParams) =>
  queryOptions({
    queryKey: ['products', 'list', params] as const,
    queryFn: () => getProducts(params),
    // The previous page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductsParams) {
  return useQuery(productsQuery(params));
}
