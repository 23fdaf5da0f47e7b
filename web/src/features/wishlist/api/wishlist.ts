import type { DataResponse } from '@contract/envelope';
import type { SavedItem } from '@contract/wishlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type { SavedItem } from '@contract/wishlist';

type ListResponse = DataResponse<SavedItem[]>;

export const wishlistQueryKey = (userId: string) => ['wishlist', userId] as const;

export const getWishlist = () => api.get<ListResponse>('/api/shop/wishlist').then((r) => r.data);
export const saveItem = (productId: string) =>
  api.post<ListResponse>('/api/shop/wishlist', { productId }).then((r) => r.data);
export const removeItem = (productId: string) =>
  api.delete<ListResponse>(`/api/shop/wishlist/${productId}`).then((r) => r.data);

export const wishlistQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: wishlistQueryKey(userId ?? ''),
    queryFn: getWishlist,
    enabled: Boolean(userId),
    staleTime: 60_000,
  });

/** The signed-in shopper's saved items (one request, shared by every heart on the page). */
export function useWishlist() {
  const { user } = useAuth();
  return useQuery(wishlistQuery(user?.id));
}

/** Save or unsave; each answers the whole list, which replaces the cached one. */
export function useWishlistMutation() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, save }: { productId: string; save: boolean }) =>
      save ? saveItem(productId) : removeItem(productId),
    onSuccess: (list) => queryClient.setQueryData(wishlistQueryKey(user?.id ?? ''), list),
  });
}
