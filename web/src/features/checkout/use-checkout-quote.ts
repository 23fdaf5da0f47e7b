import { useState } from 'react';
import { type QuoteInput, useQuote } from '@/features/checkout/api/get-quote';

/** Where the order goes, as a quote asks for it: a saved address, or a place typed in. */
export type CheckoutPlace = {
  input: Pick<QuoteInput, 'addressId' | 'address'>;
  /** The cart's lines and the place as the quote's key names them (get-quote.ts `basis`). */
  basis: string;
  /** Whether there is anything to price: lines in the cart and a place that can be priced. */
  ready: boolean;
};

/**
 * Both checkouts' quote (a shopper's and a guest's): the chosen method and code, the quote for
 * them, and what the pricing and the payment button are handed. `extra` adds to the body what
 * one checkout alone sends (a guest's email, for per-customer codes).
 */
export function useCheckoutQuote(
  userId: string | undefined,
  place: CheckoutPlace,
  extra: (code: string) => Partial<QuoteInput> = () => ({}),
) {
  const [methodId, setMethodId] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const quote = useQuote(
    userId,
    { ...place.input, shippingMethodId: methodId, discountCode: code || undefined, ...extra(code) },
    place.basis,
    place.ready,
  );
  const priced = place.ready ? quote.data : undefined;
  // A quote for other choices stays on screen (dimmed) until this one arrives.
  const isStale = quote.isPlaceholderData;
  const current = isStale ? undefined : priced;
  return {
    /** CheckoutPricing's props but its fallback. */
    pricing: {
      priced,
      isStale,
      isFetching: place.ready && quote.isFetching,
      methodId,
      onMethod: setMethodId,
      code,
      onCode: setCode,
    },
    /** What the order is placed with: the figures of the quote on screen, never stale ones. */
    payment: {
      shippingMethodId: current?.shippingMethodId ?? undefined,
      discountCode: current?.discountCode?.ok ? current.discountCode.code : undefined,
      expectedTotal: current?.total,
      isBlocked:
        place.ready &&
        (quote.isFetching ||
          quote.isError ||
          priced?.shippable === false ||
          priced?.overMaximum === true),
    },
    /** Why there are no figures, when the quote failed. */
    failure:
      place.ready && quote.isError
        ? `Shipping and taxes could not be worked out: ${quote.error.message}`
        : undefined,
  };
}
