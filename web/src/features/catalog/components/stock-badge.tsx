import type { Product } from '@contract/catalog';
import { lowStockThreshold } from '@contract/catalog-constants';
import { saleAnnouncement } from '@contract/prior-price';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * SPEC §2: 'Out Of Stock' at 0, 'Only N items left' under 10, else 'Sale' when on sale: a
 * reduction that may be announced, a sale price below its prior price (contract/prior-price.ts).
 */
export function StockBadge({
  product,
  className,
}: {
  product: Pick<Product, 'totalStock' | 'salePrice' | 'lowestPrice30Days'>;
  className?: string;
}) {
  if (product.totalStock === 0) {
    return (
      <Badge variant="destructive" className={className}>
        Out Of Stock
      </Badge>
    );
  }
  if (product.totalStock < lowStockThreshold) {
    return (
      <Badge className={cn('bg-amber-800 text-white', className)}>
        {`Only ${product.totalStock} items left`}
      </Badge>
    );
  }
  if (saleAnnouncement(product)) {
    return <Badge className={cn('bg-red-700 text-white', className)}>Sale</Badge>;
  }
  return null;
}
