import type { FeatureImage } from '@contract/catalog';
import type { DataResponse } from '@contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const featureImagesQueryKey = ['admin', 'feature-images'] as const;

export const getFeatureImages = () =>
  api.get<DataResponse<FeatureImage[]>>('/api/common/feature/get').then((r) => r.data);

export const featureImagesQuery = () =>
  queryOptions({ queryKey: featureImagesQueryKey, queryFn: getFeatureImages });

export function useFeatureImages() {
  return useQuery(featureImagesQuery());
}
