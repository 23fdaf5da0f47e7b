import { formatMoney } from '@contract/money';
import { cn } from '@/lib/utils';

/**
 * The price, struck through when a sale price exists, then the sale price; `note` after them
 * ("incl. VAT" where shown prices contain the tax).
 */
export function ProductPrice({
  price,
  salePrice,
  note,
  className,
}: {
  price: number;
  salePrice: number;
  note?: string | undefined;
  className?: string;
}) {
  const onSale = salePrice > 0;
  return (
    <p className={cn('flex items-baseline gap-2', className)}>
      <span
        className={cn('font-semibold', onSale && 'text-muted-foreground line-through font-normal')}
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
  );
}
