import type { DataResponse } from '@contract/envelope';
import type { ReturnReportRow } from '@contract/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const returnsReportQueryKey = ['admin-returns', 'report'] as const;

export const getReturnsReport = () =>
  api.get<DataResponse<ReturnReportRow[]>>('/api/admin/returns/report').then((r) => r.data);

export const returnsReportQuery = queryOptions({
  queryKey: returnsReportQueryKey,
  queryFn: getReturnsReport,
});

export function useReturnsReport() {
  return useQuery(returnsReportQuery);
}
