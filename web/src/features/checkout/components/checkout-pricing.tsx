import type { Quote } from '@contract/pricing';
import type { ReactNode } from 'react';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { DiscountCode } from '@/features/checkout/components/discount-code';
import { ShippingMethods } from '@/features/checkout/components/shipping-methods';
import { quoteBreakdown } from '@/features/checkout/quote-breakdown';
import { cn } from '@/lib/utils';

type Props = {
  /** The quote on screen (maybe one for earlier choices, while the new one loads). */
  priced: Quote | undefined;
  /** `priced` is for earlier choices: shown dimmed, its code result not shown. */
  isStale: boolean;
  isFetching: boolean;
  methodId: string | undefined;
  onMethod: (id: string) => void;
  code: string;
  onCode: (code: string) => void;
  /** What the summary says while there is no quote. */
  fallback: ReactNode;
};

/**
 * The priced part of both checkouts (a shopper's and a guest's): a destination we do not ship
 * to, the shipping methods, the discount code and the server's breakdown.
 */
export function CheckoutPricing(props: Props) {
  const { priced, isStale, isFetching, methodId, onMethod, code, onCode, fallback } = props;
  const current = isStale ? undefined : priced;
  return (
    <>
      {/* Nothing ships there, or it costs more than one order may: either blocks paying. */}
      {priced && (!priced.shippable || priced.overMaximum) && (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-sm text-destructive"
        >
          {priced.message}
        </p>
      )}
      {priced && priced.shippingMethods.length > 0 && (
        <ShippingMethods
          methods={priced.shippingMethods}
          value={(isStale ? methodId : undefined) ?? priced.shippingMethodId}
          onChange={onMethod}
        />
      )}
      <DiscountCode
        applied={code}
        result={current?.discountCode ?? undefined}
        isChecking={isFetching}
        onApply={onCode}
        onRemove={() => onCode('')}
      />
      <div
        className={cn('border-t pt-4 transition-opacity', isStale && 'opacity-60')}
        aria-busy={isFetching}
      >
        {priced ? (
          <PriceBreakdown breakdown={quoteBreakdown(priced)} label="Order summary" />
        ) : (
          fallback
        )}
      </div>
    </>
  );
}
