import { GUEST_ID } from '@contract/limits';
import { isUsZip } from '@contract/us-states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { cartKey } from '@/features/cart/cart-key';
import {
  emptyGuestDetails,
  GuestDetails,
  type GuestDetailsValues,
  guestDetailsErrors,
  guestDetailsLabels,
} from '@/features/checkout/components/guest-details';
import { PayPalCheckout } from '@/features/checkout/components/paypal-checkout';
import { useCheckoutQuote } from '@/features/checkout/use-checkout-quote';
import { errorsFromServer, type FieldErrors, formError, placement } from '@/lib/field-errors';
import { pageTitle } from '@/lib/shop-settings';
import { signInHref } from '@/lib/sign-in';
import { CheckoutOrder } from '@/routes/shop/checkout-order';

// The server names a guest's fields as the create-order body holds them.
const serverPlacement = placement(/^(email|addressInfo\.\w+)$/);
const fieldOf = (path: string) => path.replace(/^addressInfo\./, '');

/**
 * A visitor's checkout (GUEST_CHECKOUT): an email and a delivery address instead of a saved
 * one, then the same quote, methods, code and PayPal as a shopper's. Signing in instead keeps
 * the cart (it joins the account's).
 */
export function GuestCheckout() {
  const { pathname, search } = useLocation();
  const { data: cart } = useCart(undefined);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(emptyGuestDetails);
  const [errors, setErrors] = useState<FieldErrors>({});
  const items = cart?.items ?? [];

  const { email, ...address } = values;
  const emailOk = !guestDetailsErrors(values).email;
  // A US place is priced once it names a state or a whole ZIP (then the ZIP's state).
  const zip = address.pincode.trim();
  const place = {
    country: address.country,
    region: address.region.trim(),
    ...(address.country === 'US' && isUsZip(zip) ? { pincode: zip } : {}),
  };
  const isPlaced = place.country !== 'US' || place.region !== '' || 'pincode' in place;
  const checkout = useCheckoutQuote(
    GUEST_ID,
    {
      input: { address: place },
      basis: `${cartKey(items)}|${place.country}-${place.region}-${place.pincode ?? ''}`,
      ready: items.length > 0 && isPlaced,
    },
    // Per-customer code limits count a guest by its email.
    (code) => (code && emailOk ? { email: email.trim() } : {}),
  );

  // An error goes once its field changes; the next try checks again.
  const change = (next: GuestDetailsValues) => {
    setErrors((shown) =>
      Object.fromEntries(
        Object.entries(shown).filter(([name]) => {
          const field = name as keyof GuestDetailsValues;
          return next[field] === values[field];
        }),
      ),
    );
    setValues(next);
  };

  const check = () => {
    const found = guestDetailsErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`guest-${Object.keys(found)[0]}`)?.focus();
      return false;
    }
    return true;
  };
  const showServerError = (error: Error) => {
    const found = errorsFromServer(error, guestDetailsLabels(values.country), serverPlacement);
    const field = Object.keys(found).find((k) => k !== formError);
    if (!field) return false;
    setErrors({ [fieldOf(field)]: found[field]!.replace(/^addressInfo\./, '') });
    document.getElementById(`guest-${fieldOf(field)}`)?.focus();
    return true;
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-2">
      <title>{pageTitle('Checkout')}</title>
      <h1 className="text-2xl font-bold lg:col-span-2">Checkout</h1>
      <Card className="h-fit">
        <CardHeader className="gap-1">
          <CardTitle className="text-lg">Contact and delivery</CardTitle>
          <p className="text-sm text-muted-foreground">
            Have an account?{' '}
            <Link
              to={signInHref(pathname, search)}
              className="font-medium text-foreground underline underline-offset-4"
            >
              Sign in
            </Link>{' '}
            and your cart comes with you.
          </p>
        </CardHeader>
        <CardContent>
          <GuestDetails values={values} onChange={change} errors={errors} />
        </CardContent>
      </Card>
      <CheckoutOrder
        items={items}
        checkout={checkout}
        fallback={
          <p className="text-sm text-muted-foreground">
            {checkout.failure ?? 'Shipping and taxes are calculated for your delivery address.'}
          </p>
        }
        payment={
          <PayPalCheckout
            userId={GUEST_ID}
            cartId={cart?._id ?? null}
            itemCount={items.length}
            addressId={undefined}
            guest={{
              email: email.trim(),
              addressInfo: { ...address, region: place.region },
              check,
              showError: showServerError,
            }}
            {...checkout.payment}
            onPricesChanged={() =>
              queryClient.invalidateQueries({ queryKey: cartQueryKey(GUEST_ID) })
            }
          />
        }
      />
    </div>
  );
}
