import type { DataMessageResponse } from '@contract/envelope';
import type { SizeChart, SizeChartBody } from '@contract/size-charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sizeChartsQueryKey } from './get-size-charts';

export const addSizeChart = (body: SizeChartBody) =>
  api.post<DataMessageResponse<SizeChart>>('/api/admin/size-charts/add', body);

export function useAddSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSizeChart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sizeChartsQueryKey }),
  });
}
