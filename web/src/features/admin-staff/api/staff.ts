import type { DataMessageResponse, DataResponse } from '@contract/envelope';
import type { InviteStaffBody, StaffMember, UpdateStaffBody } from '@contract/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminStaffQueryKey = ['admin-staff'] as const;
type Answer = DataMessageResponse<StaffMember>;

export const staffQuery = queryOptions({
  queryKey: adminStaffQueryKey,
  queryFn: () => api.get<DataResponse<StaffMember[]>>('/api/admin/staff'),
});

export const useStaff = () => useQuery(staffQuery);

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffBody) => api.post<Answer>('/api/admin/staff', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStaffQueryKey }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateStaffBody & { id: string }) =>
      api.put<Answer>(`/api/admin/staff/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStaffQueryKey }),
  });
}
