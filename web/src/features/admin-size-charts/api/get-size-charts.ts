import type { DataResponse } from '@contract/envelope';
import type { SizeChart } from '@contract/size-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sizeChartsQueryKey = ['admin', 'size-charts'] as const;

export const getSizeCharts = () =>
  api.get<DataResponse<SizeChart[]>>('/api/admin/size-charts/get').then((r) => r.data);

export const sizeChartsQuery = () =>
  queryOptions({ queryKey: sizeChartsQueryKey, queryFn: getSizeCharts });

export function useSizeCharts() {
  return useQuery(sizeChartsQuery());
}
