import type { MessageResponse } from '@contract/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sizeChartsQueryKey } from './get-size-charts';

export const deleteSizeChart = (id: string) =>
  api.delete<MessageResponse>(`/api/admin/size-charts/delete/${encodeURIComponent(id)}`);

export function useDeleteSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSizeChart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sizeChartsQueryKey }),
  });
}
