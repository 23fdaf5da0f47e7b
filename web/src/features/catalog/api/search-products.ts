import { minKeywordLength } from '@contract/limits';
import type { SearchResponse } from '@contract/listing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '@/lib/api-client';

export const searchProducts = (keyword: string, page: number) =>
  api.get<SearchResponse>(
    `/api/shop/search/${encodeURIComponent(keyword)}${toQuery({ page: page > 1 ? page : undefined })}`,
  );

export const canSearch = (keyword: string) => keyword.trim().length >= minKeywordLength;

export const searchProductsQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: ['products', 'search', keyword.trim(), page] as const,
    queryFn: () => searchProducts(keyword.trim(), page),
    enabled: canSearch(keyword),
    placeholderData: keepPreviousData,
  });

export function useSearchProducts(keyword: string, page = 1) {
  return useQuery(searchProductsQuery(keyword, page));
}
