import { Skeleton } from '@/components/ui/skeleton';
import { useReviews } from '../api/get-reviews';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/** The reviews of a product and the form to add one. */
export function ProductReviews({
  productId,
  onAdded,
}: {
  productId: string;
  onAdded?: () => void;
}) {
  const { data, isPending } = useReviews(productId);
  return (
    <section aria-label="Reviews" className="grid gap-4">
      <h3 className="text-xl font-bold">Reviews</h3>
      {isPending ? <Skeleton className="h-16 w-full" /> : <ReviewList reviews={data ?? []} />}
      <ReviewForm productId={productId} onAdded={onAdded} />
    </section>
  );
}
