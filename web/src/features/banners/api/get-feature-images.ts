import type { FeatureImage } from '@contract/catalog';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const featureImagesQueryKey = ['feature-images'] as const;

// SPEC §8: a failed feature image fetch gives an empty list.
export const getFeatureImages = () =>
  api
    .get<DataResponse<FeatureImage[]>>('/api/common/feature/get')
    .then((r) => r.data)
    .catch((): FeatureImage[] => []);

export const featureImagesQuery = queryOptions({
  queryKey: featureImagesQueryKey,
  queryFn: getFeatureImages,
  staleTime: 5 * 60 * 1000,
});

export function useFeatureImages() {
  return useQuery(featureImagesQuery);
}
