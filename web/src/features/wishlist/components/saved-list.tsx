import { formatMoney } from '@contract/money';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { type SavedItem, useWishlist, useWishlistMutation } from '../api/wishlist';

/**
 * The saved items, each with "Move to cart" and "Remove". Adding to the cart is the page's
 * (features do not import each other); it resolves once the item is in the cart.
 */
export function SavedList({ onMoveToCart }: { onMoveToCart: (item: SavedItem) => Promise<void> }) {
  const { data: items, isPending } = useWishlist();
  const mutation = useWishlistMutation();

  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (!items?.length) {
    return (
      <p className="text-muted-foreground">
        Nothing saved yet. Tap the heart on a product to keep it here.{' '}
        <Link to="/shop/listing" className="font-medium text-primary underline">
          Browse products
        </Link>
      </p>
    );
  }

  const remove = (item: SavedItem) =>
    mutation.mutate(
      { productId: item.productId, save: false },
      { onError: (error) => toast.error(error.message) },
    );
  const move = async (item: SavedItem) => {
    try {
      await onMoveToCart(item);
      await mutation.mutateAsync({ productId: item.productId, save: false });
      toast.success(`${item.title} moved to your cart`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not move it to the cart');
    }
  };

  return (
    <ul className="divide-y rounded-lg border">
      {items.map((item) => {
        const price = item.salePrice > 0 ? item.salePrice : item.price;
        return (
          <li key={item.productId} className="flex items-center gap-4 p-3">
            <Link to={`/shop/product/${item.productId}`} className="shrink-0">
              <img
                src={item.image}
                alt=""
                width={80}
                height={100}
                className="h-24 w-20 rounded object-cover"
              />
            </Link>
            <div className="min-w-0 flex-1">
              <Link
                to={`/shop/product/${item.productId}`}
                className="line-clamp-2 font-semibold hover:underline"
              >
                {item.title}
              </Link>
              <p className="text-sm">{formatMoney(price)}</p>
              {item.totalStock === 0 ? <p className="text-sm text-red-700">Out of stock</p> : null}
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                size="sm"
                disabled={item.totalStock === 0 || mutation.isPending}
                onClick={() => void move(item)}
                aria-label={`Move to cart: ${item.title}`}
              >
                Move to cart
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={mutation.isPending}
                onClick={() => remove(item)}
                aria-label={`Remove: ${item.title}`}
              >
                Remove
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
