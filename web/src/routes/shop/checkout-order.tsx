import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { CartItem } from '@/features/cart/api/get-cart';
import { CartLine } from '@/features/cart/components/cart-line';
import { CheckoutPricing } from '@/features/checkout/components/checkout-pricing';
import type { useCheckoutQuote } from '@/features/checkout/use-checkout-quote';

/**
 * Both checkouts' "Your order" card: the cart's lines, a note on where it goes, the priced
 * part (or `fallback` while there is no quote) and the payment button.
 */
export function CheckoutOrder({
  items,
  checkout,
  note,
  fallback,
  payment,
}: {
  items: CartItem[];
  checkout: ReturnType<typeof useCheckoutQuote>;
  note?: ReactNode;
  fallback: ReactNode;
  payment: ReactNode;
}) {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="text-lg">Your order</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your cart is empty.</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Cart items">
            {items.map((item) => (
              <CartLine key={`${item.productId}/${item.variantId}`} item={item} />
            ))}
          </ul>
        )}
        {note}
        <CheckoutPricing {...checkout.pricing} fallback={fallback} />
        {payment}
      </CardContent>
    </Card>
  );
}
