import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { featureImagesQueryKey } from './get-feature-images';

export const deleteFeatureImage = (id: string) =>
  api.delete<MessageResponse>(`/api/common/feature/delete/${encodeURIComponent(id)}`);

export function useDeleteFeatureImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeatureImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureImagesQueryKey }),
  });
}
