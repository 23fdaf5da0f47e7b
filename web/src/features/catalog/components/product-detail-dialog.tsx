import type { Product } from '@contract/catalog';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StarRating } from '@/components/ui/star-rating';
import { ProductPrice } from './product-price';
import { StockBadge } from './stock-badge';

/**
 * The product detail dialog (SPEC §2). The reviews come in as `children`: the page composes them,
 * features do not import each other.
 */
export function ProductDetailDialog({
  product,
  isLoading,
  open,
  onOpenChange,
  onAddToCart,
  actions,
  children,
}: {
  product: Product | undefined;
  isLoading?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAddToCart: (product: Product) => void;
  /** Controls beside the cart button, given by the page (save for later, notify me). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-[min(64rem,calc(100%-1rem))] gap-0 p-0 sm:max-w-[min(64rem,calc(100%-2rem))]">
        {product ? (
          <div className="grid md:grid-cols-2">
            <div className="relative bg-muted md:sticky md:top-0 md:self-start">
              <img
                src={product.image}
                alt={product.title}
                width={600}
                height={750}
                className="aspect-[4/3] w-full object-cover md:aspect-[4/5] md:rounded-l-lg"
              />
              <StockBadge product={product} className="absolute left-3 top-3" />
            </div>
            <div className="flex flex-col gap-4 p-5 sm:p-6">
              <div className="pr-8">
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {brandLabels[product.brand]} · {categoryLabels[product.category]}
                </p>
                <DialogTitle className="mt-1 text-2xl font-extrabold sm:text-3xl">
                  {product.title}
                </DialogTitle>
              </div>
              <DialogDescription className="text-base text-muted-foreground">
                {product.description}
              </DialogDescription>
              <ProductPrice
                price={product.price}
                salePrice={product.salePrice}
                className="text-2xl"
              />
              <div className="flex items-center gap-2">
                <StarRating value={product.averageReview} />
                <span className="text-sm text-muted-foreground">
                  {product.averageReview.toFixed(2)}
                </span>
              </div>
              {product.totalStock === 0 ? (
                <Button className="w-full" disabled>
                  Out of Stock
                </Button>
              ) : (
                <Button className="w-full" onClick={() => onAddToCart(product)}>
                  Add to Cart
                </Button>
              )}
              {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
              <hr />
              {children}
            </div>
          </div>
        ) : (
          <div className="grid gap-4 p-6 md:grid-cols-2">
            <DialogTitle className="sr-only">
              {isLoading ? 'Loading product' : 'Product not found'}
            </DialogTitle>
            <DialogDescription className="sr-only">Product details</DialogDescription>
            {isLoading ? (
              <>
                <Skeleton className="aspect-[4/5] w-full" />
                <div className="space-y-3">
                  <Skeleton className="h-8 w-3/4" />
                  <Skeleton className="h-20 w-full" />
                  <Skeleton className="h-10 w-full" />
                </div>
              </>
            ) : (
              <p className="p-6 text-center md:col-span-2">This product is no longer available.</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
