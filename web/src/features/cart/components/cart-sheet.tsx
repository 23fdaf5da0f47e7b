import { formatMoney } from '@contract/money';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useCart } from '../api/get-cart';
import { cartTotal } from '../cart-total';
import { CartLine } from './cart-line';

/**
 * The header's cart button (with the number of lines) and the sheet it opens. `estimate`
 * (shipping and tax, the checkout's to work out) shows under the subtotal while it is open.
 */
export function CartSheet({ estimate }: { estimate?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // Any navigation (Checkout, a product link, Back) closes the sheet.
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => setOpen(false), [pathname]);
  const { user } = useAuth();
  const { data: cart } = useCart(user?.id);
  const items = cart?.items ?? [];
  const count = items.length;

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="relative">
          <ShoppingCart className="size-6" aria-hidden />
          {/* Shown once the cart is known: no "0" before a shopper's own count. */}
          <span
            aria-hidden
            className={cn(
              'absolute -right-2 -top-2 flex size-5 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground',
              !cart && 'invisible',
            )}
          >
            {cart ? count : null}
          </span>
          <span className="sr-only">{`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
        </Button>
      </SheetTrigger>
      <SheetContent className="sm:max-w-md">
        <SheetHeader>
          <SheetTitle>Your Cart</SheetTitle>
          <SheetDescription className={count ? 'sr-only' : undefined}>
            {count
              ? `${count} ${count === 1 ? 'item' : 'items'} in your cart`
              : 'Your cart is empty.'}
          </SheetDescription>
        </SheetHeader>
        {count > 0 && (
          <ul className="mt-4 flex flex-col gap-4" aria-label="Cart items">
            {items.map((item) => (
              <CartLine key={`${item.productId}/${item.variantId}`} item={item} />
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-col gap-3 border-t pt-4">
          <div className="flex justify-between">
            <span className="font-bold">Subtotal</span>
            <span className="font-bold" data-testid="cart-total">
              {formatMoney(cartTotal(items))}
            </span>
          </div>
          {count > 0 &&
            (estimate ?? (
              <p className="text-sm text-muted-foreground">
                Shipping and taxes are calculated at checkout.
              </p>
            ))}
        </div>
        <Button
          className="mt-4 w-full"
          onClick={() => {
            setOpen(false);
            navigate('/shop/checkout');
          }}
        >
          Checkout
        </Button>
      </SheetContent>
    </Sheet>
  );
}
