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

/**
 * An entity's own history. An order's has a route of its own, open to whoever may view orders;
 * the others read the log (staff).
 */
export const entityHistoryQuery = (entity: string, id: string, limit: number) =>
  queryOptions({
    queryKey: [...auditKeys.all, 'history', entity, id, limit],
    queryFn: () =>
      entity === 'order'
        ? api.get<AuditListResponse>(
            `/api/admin/audit/orders/${encodeURIComponent(id)}${toQuery({ limit })}`,
          )
        : getAuditLog({ entity, id, limit }),
    staleTime: 0,
  });

export const useEntityHistory = (entity: string, id: string, limit: number) =>
  useQuery(entityHistoryQuery(entity, id, limit));
