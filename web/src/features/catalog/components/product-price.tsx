import { formatMoney } from '@contract/money';
import { cn } from '@/lib/utils';

/** The price, struck through when a sale price exists, then the sale price. */
export function ProductPrice({
  price,
  salePrice,
  className,
}: {
  price: number;
  salePrice: number;
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
    </p>
  );
}
