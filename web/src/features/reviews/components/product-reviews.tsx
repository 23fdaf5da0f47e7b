import { Link, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { signInHref } from '@/lib/sign-in';
import { useReviews } from '../api/get-reviews';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/** The reviews of a product and the form to add one. */
export function ProductReviews({
  productId,
  onAdded,
  askFit,
}: {
  productId: string;
  onAdded?: () => void;
  /** Ask how the size fitted (a product sold in sizes). */
  askFit?: boolean;
}) {
  const { data, isPending } = useReviews(productId);
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  return (
    <section aria-label="Reviews" className="grid gap-4">
      <h2 className="text-xl font-bold">Reviews</h2>
      {isPending ? <Skeleton className="h-16 w-full" /> : <ReviewList reviews={data ?? []} />}
      {/* The page is the same for everyone: the form or the way in shows once the session is known. */}
      {isLoading ? (
        <div aria-hidden className="h-5" />
      ) : user ? (
        <ReviewForm productId={productId} onAdded={onAdded} askFit={askFit} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link to={signInHref(pathname, search)} className="font-medium underline">
            Sign in
          </Link>{' '}
          to write a review.
        </p>
      )}
    </section>
  );
}
