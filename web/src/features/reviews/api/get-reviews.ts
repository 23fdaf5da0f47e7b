import type { DataResponse } from '@contract/envelope';
import type { Review } from '@contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const reviewsQueryKey = (productId: string) => ['reviews', productId] as const;

export const getReviews = (productId: string) =>
  api
    .get<DataResponse<Review[]>>(`/api/shop/review/${encodeURIComponent(productId)}`)
    .then((r) => r.data);

export const reviewsQuery = (productId: string) =>
  queryOptions({ queryKey: reviewsQueryKey(productId), queryFn: () => getReviews(productId) });

export function useReviews(productId: string) {
  return useQuery(reviewsQuery(productId));
}
