import type { DataResponse } from '@contract/envelope';
import type { AddReviewBody, Review } from '@contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

// The author is the session's user: the server takes the user id and name from the session.
export const addReview = (body: AddReviewBody) =>
  api.post<DataResponse<Review>>('/api/shop/review/add', body).then((r) => r.data);

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: (_review, { productId }) =>
      queryClient.invalidateQueries({ queryKey: reviewsQueryKey(productId) }),
  });
}
