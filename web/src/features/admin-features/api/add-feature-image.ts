import type { FeatureImage } from '@contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { featureImagesQueryKey } from './get-feature-images';

export const addFeatureImage = (image: string) =>
  api
    .post<{ success: boolean; data: FeatureImage }>('/api/common/feature/add', { image })
    .then((r) => r.data);

export function useAddFeatureImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeatureImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureImagesQueryKey }),
  });
}
