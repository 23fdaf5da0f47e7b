import type { DataResponse } from '@contract/envelope';
import type { InfoPage } from '@contract/info-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const infoPageQueryKey = (slug: string) => ['info-page', slug] as const;

export const getInfoPage = (slug: string) =>
  api.get<DataResponse<InfoPage>>(`/api/pages/${encodeURIComponent(slug)}`).then((r) => r.data);

export const infoPageQuery = (slug: string) =>
  queryOptions({
    queryKey: infoPageQueryKey(slug),
    queryFn: () => getInfoPage(slug),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useInfoPage(slug: string) {
  return useQuery(infoPageQuery(slug));
}
