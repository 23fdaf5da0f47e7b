import { fitLabels } from '@contract/garment-constants';
import type { Review } from '@contract/reviews';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-sm text-muted-foreground">No Reviews</p>;
  return (
    <ul className="grid max-h-72 gap-5 overflow-y-auto pr-1">
      {reviews.map((review) => (
        <li key={review._id} className="flex gap-3">
          <Avatar className="size-9 border">
            <AvatarFallback>{review.userName.trim()[0]?.toUpperCase() ?? '?'}</AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-1">
            <p className="font-bold">{review.userName}</p>
            <StarRating value={review.reviewValue} size="size-3.5" />
            {review.size ? (
              <p className="text-xs text-muted-foreground">
                {`Size bought: ${review.size}${review.fit ? ` · ${fitLabels[review.fit]}` : ''}`}
              </p>
            ) : null}
            <p className="whitespace-pre-line break-words text-sm text-muted-foreground">
              {review.reviewMessage}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
