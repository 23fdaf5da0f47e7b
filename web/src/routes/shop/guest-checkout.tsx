import { GUEST_ID } from '@contract/limits';
import { isUsZip } from '@contract/us-states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { cartKey } from '@/features/cart/cart-key';
import { CartLine } from '@/features/cart/components/cart-line';
import { useQuote } from '@/features/checkout/api/get-quote';
import { CheckoutPricing } from '@/features/checkout/components/checkout-pricing';
import {
  emptyGuestDetails,
  GuestDetails,
  type GuestDetailsValues,
  guestDetailsErrors,
  guestDetailsLabels,
} from '@/features/checkout/components/guest-details';
import { PayPalCheckout } from '@/features/checkout/components/paypal-checkout';
import { errorsFromServer, type FieldErrors, formError, placement } from '@/lib/field-errors';
import { pageTitle } from '@/lib/shop-settings';
import { signInHref } from '@/lib/sign-in';

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
  const [methodId, setMethodId] = useState<string | undefined>();
  const [code, setCode] = useState('');
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
  const isPriced = items.length > 0 && isPlaced;
  const quote = useQuote(
    GUEST_ID,
    {
      address: place,
      shippingMethodId: methodId,
      discountCode: code || undefined,
      // Per-customer code limits count a guest by its email.
      ...(code && emailOk ? { email: email.trim() } : {}),
    },
    `${cartKey(items)}|${place.country}-${place.region}-${place.pincode ?? ''}`,
    isPriced,
  );
  const priced = isPriced ? quote.data : undefined;
  const isStale = quote.isPlaceholderData;
  const current = isStale ? undefined : priced;

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
          <CheckoutPricing
            priced={priced}
            isStale={isStale}
            isFetching={isPriced && quote.isFetching}
            methodId={methodId}
            onMethod={setMethodId}
            code={code}
            onCode={setCode}
            fallback={
              <p className="text-sm text-muted-foreground">
                {isPriced && quote.isError
                  ? `Shipping and taxes could not be worked out: ${quote.error.message}`
                  : 'Shipping and taxes are calculated for your delivery address.'}
              </p>
            }
          />
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
            shippingMethodId={current?.shippingMethodId ?? undefined}
            discountCode={current?.discountCode?.ok ? current.discountCode.code : undefined}
            expectedTotal={current?.total}
            onPricesChanged={() =>
              queryClient.invalidateQueries({ queryKey: cartQueryKey(GUEST_ID) })
            }
            isBlocked={
              isPriced &&
              (quote.isFetching ||
                quote.isError ||
                priced?.shippable === false ||
                priced?.overMaximum === true)
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
