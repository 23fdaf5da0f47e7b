import type { CartItem } from '@contract/cart';
import { stockLimitMessage } from '@contract/limits';
import { formatMoney } from '@contract/money';
import { variantLabel } from '@contract/variant-constants';
import { Minus, Plus, Trash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useDeleteCartItem } from '../api/delete-cart-item';
import { cartOwner } from '../api/get-cart';
import { useUpdateCartItem } from '../api/update-cart-item';
import { lineTotal } from '../cart-total';

/** One cart line: picture, title, quantity steppers, line total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { user } = useAuth();
  const owner = cartOwner(user?.id);
  const update = useUpdateCartItem();
  const remove = useDeleteCartItem();
  const busy = update.isPending || remove.isPending;
  const options = variantLabel(item);

  const setQuantity = (quantity: number) => {
    if (!owner) return;
    // SPEC §5: more than the stock is refused here first; n is the quantity already held.
    if (quantity > item.totalStock) {
      toast.error(stockLimitMessage(item.quantity));
      return;
    }
    update.mutate(
      { userId: owner, productId: item.productId, variantId: item.variantId, quantity },
      {
        onSuccess: () => toast.success('Cart item is updated successfully'),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const deleteLine = () => {
    if (!owner) return;
    remove.mutate(
      { userId: owner, productId: item.productId, variantId: item.variantId },
      {
        onSuccess: () => toast.success('Cart item is deleted successfully'),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    // The name has the width beside the picture to itself (two lines, then an ellipsis): the
    // price sits with the quantity below it, the bin beside the name.
    <li className="flex gap-3">
      <img
        src={item.image}
        alt=""
        width={80}
        height={80}
        className="size-16 shrink-0 rounded object-cover sm:size-20"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-1">
          <h3
            className="line-clamp-2 min-w-0 flex-1 break-words font-bold leading-snug"
            title={item.title}
          >
            {item.title}
          </h3>
          <Button
            variant="ghost"
            size="icon"
            className="-mr-1 -mt-1 size-8 shrink-0"
            disabled={busy}
            onClick={deleteLine}
            aria-label={`Remove ${item.title}${options ? ` (${options})` : ''} from cart`}
          >
            <Trash className="size-4" aria-hidden />
          </Button>
        </div>
        {options && <p className="text-sm text-muted-foreground">{options}</p>}
        {item.needsSize && (
          // Added before the product came in sizes: checkout refuses it until it is replaced.
          <p className="text-sm font-medium text-destructive">
            Now comes in sizes: remove it and add the size you want
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              className="size-8 rounded-full"
              disabled={item.quantity === 1 || busy}
              onClick={() => setQuantity(item.quantity - 1)}
              aria-label={`Decrease quantity of ${item.title}${options ? ` (${options})` : ''}`}
            >
              <Minus className="size-4" aria-hidden />
            </Button>
            <span className="min-w-6 text-center font-semibold" aria-live="polite">
              {item.quantity}
            </span>
            <Button
              variant="outline"
              size="icon"
              className="size-8 rounded-full"
              disabled={busy}
              onClick={() => setQuantity(item.quantity + 1)}
              aria-label={`Increase quantity of ${item.title}${options ? ` (${options})` : ''}`}
            >
              <Plus className="size-4" aria-hidden />
            </Button>
          </div>
          <p className="font-semibold">{formatMoney(lineTotal(item))}</p>
        </div>
      </div>
    </li>
  );
}
