import type { DataMessageResponse } from '@contract/envelope';
import type { SizeChart, SizeChartBody } from '@contract/size-charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sizeChartsQueryKey } from './get-size-charts';

export const editSizeChart = ({ id, body }: { id: string; body: SizeChartBody }) =>
  api.put<DataMessageResponse<SizeChart>>(
    `/api/admin/size-charts/edit/${encodeURIComponent(id)}`,
    body,
  );

export function useEditSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSizeChart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sizeChartsQueryKey }),
  });
}
