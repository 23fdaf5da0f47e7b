import { formatMoney, fromCents, payPrice } from '@contract/money';
import { saleAnnouncement } from '@contract/prior-price';

/**
 * The price a shopper pays; `note` after it ("incl. VAT" where shown prices contain the tax).
 * A reduction is announced only against its prior price, the lowest of the 30 days before it
 * (EU Omnibus; docs/pricing.md): the prior price struck through, the sale price, "-X%", and a
 * small line naming the prior price. A sale price not below it shows as the plain price.
 */
export function ProductPrice({
  price,
  salePrice,
  lowestPrice30Days,
  note,
  className,
}: {
  price: number;
  salePrice: number;
  lowestPrice30Days?: number | null | undefined;
  note?: string | undefined;
  className?: string;
}) {
  const sale = saleAnnouncement({ salePrice, lowestPrice30Days });
  const noteText = note && (
    <span className="text-sm font-normal text-muted-foreground">{note}</span>
  );
  if (!sale) {
    return (
      <div className={className}>
        <p className="flex items-baseline gap-2">
          <span className="font-semibold">{formatMoney(payPrice({ price, salePrice }))}</span>
          {noteText}
        </p>
      </div>
    );
  }
  const was = formatMoney(fromCents(sale.wasCents));
  return (
    <div className={className}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-normal text-muted-foreground line-through">
          <span className="sr-only">Was </span>
          {was}
        </span>
        <span className="font-semibold text-red-700">
          <span className="sr-only">Now </span>
          {formatMoney(fromCents(sale.nowCents))}
        </span>
        {sale.percentOff >= 1 && (
          <span className="text-[0.75em] font-semibold text-red-700">{`-${sale.percentOff}%`}</span>
        )}
        {noteText}
      </p>
      <p className="mt-0.5 text-xs font-normal leading-snug text-muted-foreground">
        Lowest price in the 30 days before the reduction: {was}
      </p>
    </div>
  );
}
