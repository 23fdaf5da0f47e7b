import type { Address } from '@contract/addresses';
import { formatMoney } from '@contract/money';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AddressManager } from '@/features/addresses/components/address-manager';
import { useAuth } from '@/features/auth/api/check-auth';
import { useCart } from '@/features/cart/api/get-cart';
import { cartTotal } from '@/features/cart/cart-total';
import { CartLine } from '@/features/cart/components/cart-line';
import { PayPalCheckout } from '@/features/checkout/components/paypal-checkout';
import { pageTitle } from '@/lib/shop-settings';

export function Component() {
  const { user } = useAuth();
  const { data: cart } = useCart(user?.id);
  const [address, setAddress] = useState<Address | undefined>();
  const items = cart?.items ?? [];

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-2">
      <title>{pageTitle('Checkout')}</title>
      <h1 className="text-2xl font-bold lg:col-span-2">Checkout</h1>
      <AddressManager selectedId={address?._id} onSelect={setAddress} />
      <Card className="h-fit">
        <CardHeader>
          <CardTitle className="text-lg">Your order</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Your cart is empty.</p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Cart items">
              {items.map((item) => (
                <CartLine key={`${item.productId}/${item.variantId}`} item={item} />
              ))}
            </ul>
          )}
          <div className="flex justify-between border-t pt-4 font-bold">
            <span>Total</span>
            <span>{formatMoney(cartTotal(items))}</span>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {address
              ? `Delivering to ${address.address}, ${address.city}`
              : 'Choose a delivery address.'}
          </p>
          {user && (
            <PayPalCheckout
              userId={user.id}
              cartId={cart?._id ?? null}
              itemCount={items.length}
              addressId={address?._id}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
