import { Heart } from 'lucide-react';
import { useAuth } from '@/features/auth/api/check-auth';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useWishlist, useWishlistMutation } from '../api/wishlist';

/** The heart: a toggle button (aria-pressed) that saves the product for later. */
export function SaveButton({
  product,
  className,
}: {
  product: { _id: string; title: string };
  className?: string;
}) {
  const { user } = useAuth();
  const { data: saved } = useWishlist();
  const mutation = useWishlistMutation();
  if (!user) return null;
  const isSaved = saved?.some((item) => item.productId === product._id) ?? false;
  const toggle = () =>
    mutation.mutate(
      { productId: product._id, save: !isSaved },
      {
        onSuccess: () => toast.success(isSaved ? 'Removed from saved items' : 'Saved for later'),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={`Save for later: ${product.title}`}
      disabled={mutation.isPending || !saved}
      onClick={toggle}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full border bg-background/90 shadow-sm transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
        className,
      )}
    >
      <Heart
        aria-hidden
        className={cn('size-5', isSaved ? 'fill-red-600 text-red-600' : 'text-foreground')}
      />
    </button>
  );
}
