import type { DataResponse } from '@contract/envelope';
import type { DashboardStats } from '@contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getDashboardStats = () =>
  api.get<DataResponse<DashboardStats>>('/api/admin/stats/dashboard').then((r) => r.data);

export const dashboardStatsQuery = queryOptions({
  queryKey: ['admin-dashboard'],
  queryFn: getDashboardStats,
  staleTime: 0,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
