import type { AuditListResponse } from '@contract/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '@/lib/api-client';

export type AuditFilters = {
  entity?: string;
  id?: string;
  actor?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
};

export const auditKeys = { all: ['admin-audit'] as const };

export const getAuditLog = (filters: AuditFilters) =>
  api.get<AuditListResponse>(`/api/admin/audit${toQuery(filters)}`);

// Always fetched afresh: the log grows with every admin write, made here or elsewhere.
export const auditLogQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...auditKeys.all, filters],
    queryFn: () => getAuditLog(filters),
    staleTime: 0,
  });

export const useAuditLog = (filters: AuditFilters) => useQuery(auditLogQuery(filters));
