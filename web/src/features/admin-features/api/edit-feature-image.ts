import type { FeatureImage } from '@contract/catalog';
import type { DataMessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BannerTextValues } from '../components/banner-text-fields';
import { featureImagesQueryKey } from './get-feature-images';

/** Replaces the banner's title, text, button label and link; the image stays. */
export const editFeatureImage = ({ id, ...text }: { id: string } & BannerTextValues) =>
  api
    .put<DataMessageResponse<FeatureImage>>(
      `/api/common/feature/edit/${encodeURIComponent(id)}`,
      text,
    )
    .then((r) => r.data);

export function useEditFeatureImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFeatureImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureImagesQueryKey }),
  });
}
