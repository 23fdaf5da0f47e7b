import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { lazyComponent } from '@/lib/lazy-component';
import { signInHref } from '@/lib/sign-in';
import { useReviews } from '../api/get-reviews';
import { ReviewList } from './review-list';

// Shown to a signed-in shopper once the session is known (after hydration on a shared page):
// its code comes after the page's own.
const ReviewForm = lazyComponent(() => import('./review-form').then((m) => m.ReviewForm));
const formSpace = <div aria-hidden className="h-5" />;

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
        formSpace
      ) : user ? (
        <Suspense fallback={formSpace}>
          <ReviewForm productId={productId} onAdded={onAdded} askFit={askFit} />
        </Suspense>
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
