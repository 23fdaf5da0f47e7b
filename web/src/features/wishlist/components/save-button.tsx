import type { SessionUser } from '@contract/auth';
import { Heart } from 'lucide-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type SavedItem, useWishlist, useWishlistMutation } from '../api/wishlist';

type SaveState = {
  user: SessionUser | null;
  saved: SavedItem[] | undefined;
  /** The product being saved or unsaved, if any. */
  pendingId: string | undefined;
  toggle: (product: { _id: string }, save: boolean) => void;
};

const SaveStateContext = createContext<SaveState | null>(null);

/**
 * The shopper's saved items for every heart below it (the shop's layout). One subscription
 * for a page of 24 cards: each heart subscribing on its own made ~100 query observers start a
 * timer each as the page came alive, one long task on a phone.
 */
export function SaveStateProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { data: saved } = useWishlist();
  const mutation = useWishlistMutation();
  const { mutate, isPending, variables } = mutation;
  const state = useMemo<SaveState>(
    () => ({
      user,
      saved,
      pendingId: isPending ? variables?.productId : undefined,
      toggle: (product, save) =>
        mutate(
          { productId: product._id, save },
          {
            onSuccess: () => toast.success(save ? 'Saved for later' : 'Removed from saved items'),
            onError: (error) => toast.error(error.message),
          },
        ),
    }),
    [user, saved, isPending, variables, mutate],
  );
  return <SaveStateContext value={state}>{children}</SaveStateContext>;
}

/** The heart: a toggle button (aria-pressed) that saves the product for later. */
export function SaveButton({
  product,
  className,
}: {
  product: { _id: string; title: string };
  className?: string;
}) {
  const state = useContext(SaveStateContext);
  if (!state?.user) return null;
  const { saved, pendingId, toggle } = state;
  const isSaved = saved?.some((item) => item.productId === product._id) ?? false;
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={`Save for later: ${product.title}`}
      disabled={pendingId === product._id || !saved}
      onClick={() => toggle(product, !isSaved)}
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
