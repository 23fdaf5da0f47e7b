import type { Address } from '@contract/addresses';
import { formatMoney } from '@contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AddressManager } from '@/features/addresses/components/address-manager';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { cartKey } from '@/features/cart/cart-key';
import { cartTotal } from '@/features/cart/cart-total';
import { CartLine } from '@/features/cart/components/cart-line';
import { useQuote } from '@/features/checkout/api/get-quote';
import { CheckoutPricing } from '@/features/checkout/components/checkout-pricing';
import { PayPalCheckout } from '@/features/checkout/components/paypal-checkout';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';
import { GuestCheckout } from '@/routes/shop/guest-checkout';

/** A shopper's checkout, or with GUEST_CHECKOUT a visitor's (email and address typed in). */
export function Component() {
  const { user } = useAuth();
  return user ? <ShopperCheckout /> : <GuestCheckout />;
}

function ShopperCheckout() {
  const { user } = useAuth();
  const { data: cart } = useCart(user?.id);
  const queryClient = useQueryClient();
  const [address, setAddress] = useState<Address | undefined>();
  const [methodId, setMethodId] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const items = cart?.items ?? [];

  // Priced once an address is picked: the figures shown are the ones the order will charge.
  const isPriced = Boolean(address) && items.length > 0;
  const quote = useQuote(
    user?.id,
    { addressId: address?._id, shippingMethodId: methodId, discountCode: code || undefined },
    `${cartKey(items)}|${address?.country}-${address?.region}-${address?.pincode}`,
    isPriced,
  );
  const priced = isPriced ? quote.data : undefined;
  // A quote for other choices stays on screen (dimmed) until this one arrives.
  const isStale = quote.isPlaceholderData;
  const current = isStale ? undefined : priced;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-2">
      <title>{pageTitle('Checkout')}</title>
      <h1 className="text-2xl font-bold lg:col-span-2">Checkout</h1>
      <AddressManager selectedId={address?._id} onSelect={setAddress} />
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
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {address
              ? `Delivering to ${address.address}, ${address.city}`
              : 'Choose a delivery address.'}
          </p>
          <CheckoutPricing
            priced={priced}
            isStale={isStale}
            isFetching={isPriced && quote.isFetching}
            methodId={methodId}
            onMethod={setMethodId}
            code={code}
            onCode={setCode}
            fallback={
              <>
                <dl aria-label="Order summary" className="text-sm">
                  <div className="flex justify-between gap-4 text-base font-bold">
                    <dt>Subtotal</dt>
                    <dd className="tabular-nums">{formatMoney(cartTotal(items))}</dd>
                  </div>
                </dl>
                <p className="mt-1.5 text-sm text-muted-foreground">
                  {isPriced && quote.isError
                    ? `Shipping and taxes could not be worked out: ${quote.error.message}`
                    : 'Shipping and taxes are calculated once you choose a delivery address.'}
                </p>
              </>
            }
          />
          {user && (
            <PayPalCheckout
              userId={user.id}
              cartId={cart?._id ?? null}
              itemCount={items.length}
              addressId={address?._id}
              shippingMethodId={current?.shippingMethodId ?? undefined}
              discountCode={current?.discountCode?.ok ? current.discountCode.code : undefined}
              expectedTotal={current?.total}
              onPricesChanged={() =>
                queryClient.invalidateQueries({ queryKey: cartQueryKey(user.id) })
              }
              isBlocked={
                isPriced &&
                (quote.isFetching ||
                  quote.isError ||
                  priced?.shippable === false ||
                  priced?.overMaximum === true)
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
