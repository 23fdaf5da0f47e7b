import type { Address } from '@contract/addresses';
import { formatMoney } from '@contract/money';
import { useQuote } from '../api/get-quote';

type Props = {
  userId: string | undefined;
  /** The address to estimate for (the shopper's first); none: no estimate. */
  address: Address | undefined;
  /** What the cart holds (see `quoteQueryKey`). */
  cartKey: string;
};

const atCheckout = 'Shipping and taxes are calculated at checkout.';

/**
 * The cart sheet's estimate: the cheapest way to the shopper's first address, with its tax.
 * The checkout prices the address and method actually chosen.
 */
export function QuoteEstimate({ userId, address, cartKey }: Props) {
  const enabled = Boolean(address) && cartKey !== '';
  const { data: quote } = useQuote(
    userId,
    { addressId: address?._id },
    `${cartKey}|${address?.country}-${address?.region}-${address?.pincode}`,
    enabled,
  );
  if (!enabled || !quote || !address) {
    return <p className="text-sm text-muted-foreground">{atCheckout}</p>;
  }
  if (!quote.shippable) return <p className="text-sm text-muted-foreground">{quote.message}</p>;
  const method = quote.shippingMethods.find((m) => m._id === quote.shippingMethodId);
  return (
    <section aria-label="Estimate" className="grid gap-1 text-sm">
      <dl className="grid gap-1">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Shipping{method ? ` (${method.name})` : ''}</dt>
          <dd className="tabular-nums">
            {quote.shipping > 0 ? formatMoney(quote.shipping) : 'Free'}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            {quote.pricesIncludeTax ? 'Includes tax' : 'Tax'}
          </dt>
          <dd className="tabular-nums">{formatMoney(quote.tax)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Estimated total</dt>
          <dd className="tabular-nums" data-testid="cart-estimate">
            {formatMoney(quote.total)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        Estimated for delivery to {address.city}; the method and any code are chosen at checkout.
      </p>
    </section>
  );
}
