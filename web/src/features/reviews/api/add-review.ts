import type { Fit } from '@contract/garment-constants';
import type { Review } from '@contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

export type AddReviewInput = {
  productId: string;
  reviewMessage: string;
  reviewValue: number;
  /** How the size bought fitted (issue 28); the size itself comes from the order. */
  fit?: Fit;
};

// The author is the session's user: the server takes the user id and name from the session.
export const addReview = (body: AddReviewInput) =>
  api.post<{ success: boolean; data: Review }>('/api/shop/review/add', body).then((r) => r.data);

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: (_review, { productId }) =>
      queryClient.invalidateQueries({ queryKey: reviewsQueryKey(productId) }),
  });
}
