import type { Product } from '@contract/catalog';
import { lowStockThreshold } from '@contract/catalog-constants';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** SPEC §2: 'Out Of Stock' at 0, 'Only N items left' under 10, else 'Sale' when on sale. */
export function StockBadge({
  product,
  className,
}: {
  product: Pick<Product, 'totalStock' | 'salePrice'>;
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
  if (product.salePrice > 0) {
    return <Badge className={cn('bg-red-700 text-white', className)}>Sale</Badge>;
  }
  return null;
}
