import type { DataResponse } from '@contract/envelope';
import type { SavedSize, SavedSizeBody, SizeSuggestion } from '@contract/size-charts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

// "Find my size" (issue 28): the signed-in shopper's sizes per brand and category, and the size
// they make on a product.

type ListResponse = DataResponse<SavedSize[]>;

export const mySizesQueryKey = (userId: string) => ['my-sizes', userId] as const;
export const sizeSuggestionQueryKey = (userId: string, productId: string) =>
  ['my-sizes', userId, 'suggestion', productId] as const;

export const mySizesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: mySizesQueryKey(userId ?? ''),
    queryFn: () => api.get<ListResponse>('/api/shop/my-sizes').then((r) => r.data),
    enabled: Boolean(userId),
  });

/** The sizes the signed-in shopper saved. */
export function useMySizes() {
  const { user } = useAuth();
  return useQuery(mySizesQuery(user?.id));
}

/** The size to preselect on a product for the signed-in shopper (null: none applies). */
export function useSizeSuggestion(productId: string, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sizeSuggestionQueryKey(user?.id ?? '', productId),
    queryFn: () =>
      api
        .get<DataResponse<SizeSuggestion | null>>(
          `/api/shop/my-sizes/suggestion/${encodeURIComponent(productId)}`,
        )
        .then((r) => r.data),
    enabled: enabled && Boolean(user),
  });
}

/** Saves "I wear M in Levi's men"; every suggestion is asked again. */
export function useSaveMySize() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSizeBody) =>
      api.put<ListResponse>('/api/shop/my-sizes', body).then((r) => r.data),
    onSuccess: (list) => {
      queryClient.setQueryData(mySizesQueryKey(user?.id ?? ''), list);
      return queryClient.invalidateQueries({
        queryKey: ['my-sizes', user?.id ?? '', 'suggestion'],
      });
    },
  });
}
