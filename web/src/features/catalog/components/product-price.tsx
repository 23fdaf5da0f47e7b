import { formatMoney } from '@contract/money';

/**
 * The price, struck through when a sale price exists, then the sale price; `note` after them
 * ("incl. VAT" where shown prices contain the tax). On sale, a small line under them gives the
 * lowest price of the 30 days before the reduction (EU Omnibus; docs/pricing.md), when known.
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
  const onSale = salePrice > 0;
  const lowest = onSale && lowestPrice30Days != null ? lowestPrice30Days : undefined;
  return (
    <div className={className}>
      <p className="flex items-baseline gap-2">
        <span
          className={onSale ? 'text-muted-foreground line-through font-normal' : 'font-semibold'}
        >
          {onSale && <span className="sr-only">Was </span>}
          {formatMoney(price)}
        </span>
        {onSale && (
          <span className="font-semibold text-red-700">
            <span className="sr-only">Now </span>
            {formatMoney(salePrice)}
          </span>
        )}
        {note && <span className="text-sm font-normal text-muted-foreground">{note}</span>}
      </p>
      {lowest !== undefined && (
        <p className="mt-0.5 text-xs font-normal leading-snug text-muted-foreground">
          Lowest price in the last 30 days: {formatMoney(lowest)}
        </p>
      )}
    </div>
  );
}
