import type { FeatureImage } from '@contract/catalog';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BannerTextValues } from '../components/banner-text-fields';
import { featureImagesQueryKey } from './get-feature-images';

export type NewBanner = { image: string } & BannerTextValues;

export const addFeatureImage = (banner: NewBanner) =>
  api
    .post<DataMessageResponse<FeatureImage>>('/api/common/feature/add', banner)
    .then((r) => r.data);

export function useAddFeatureImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeatureImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureImagesQueryKey }),
  });
}
