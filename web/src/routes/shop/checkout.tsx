import type { Address } from '@contract/addresses';
import { formatMoney } from '@contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddressManager } from '@/features/addresses/components/address-manager';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { cartKey } from '@/features/cart/cart-key';
import { cartTotal } from '@/features/cart/cart-total';
import { PayPalCheckout } from '@/features/checkout/components/paypal-checkout';
import { useCheckoutQuote } from '@/features/checkout/use-checkout-quote';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';
import { CheckoutOrder } from '@/routes/shop/checkout-order';
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
  const items = cart?.items ?? [];
  // Priced once an address is picked: the figures shown are the ones the order will charge.
  const checkout = useCheckoutQuote(user?.id, {
    input: { addressId: address?._id },
    basis: `${cartKey(items)}|${address?.country}-${address?.region}-${address?.pincode}`,
    ready: Boolean(address) && items.length > 0,
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-2">
      <title>{pageTitle('Checkout')}</title>
      <h1 className="text-2xl font-bold lg:col-span-2">Checkout</h1>
      <AddressManager selectedId={address?._id} onSelect={setAddress} />
      <CheckoutOrder
        items={items}
        checkout={checkout}
        note={
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {address
              ? `Delivering to ${address.address}, ${address.city}`
              : 'Choose a delivery address.'}
          </p>
        }
        fallback={
          <>
            <dl aria-label="Order summary" className="text-sm">
              <div className="flex justify-between gap-4 text-base font-bold">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(cartTotal(items))}</dd>
              </div>
            </dl>
            <p className="mt-1.5 text-sm text-muted-foreground">
              {checkout.failure ??
                'Shipping and taxes are calculated once you choose a delivery address.'}
            </p>
          </>
        }
        payment={
          user && (
            <PayPalCheckout
              userId={user.id}
              cartId={cart?._id ?? null}
              itemCount={items.length}
              addressId={address?._id}
              {...checkout.payment}
              onPricesChanged={() =>
                queryClient.invalidateQueries({ queryKey: cartQueryKey(user.id) })
              }
            />
          )
        }
      />
    </div>
  );
}
