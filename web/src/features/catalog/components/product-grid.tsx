import type { Product, Variant } from '@contract/catalog';
import { type ReactNode, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ProductCard, type ProductLinkState } from './product-card';

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({
  products,
  isLoading,
  linkState,
  onAddToCart,
  className,
  skeletons = 8,
  renderAction,
}: {
  products: Product[] | undefined;
  isLoading?: boolean;
  linkState?: ProductLinkState;
  onAddToCart: (product: Product, variant?: Variant) => void;
  className?: string;
  skeletons?: number;
  /** A control for each card's corner (the page composes other features in). */
  renderAction?: (product: Product) => ReactNode;
}) {
  if (isLoading && !products) {
    return (
      <div
        className={cn(gridClass, className)}
        role="status"
        aria-busy="true"
        aria-label="Loading products"
      >
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="aspect-[4/5] w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  // Its own <Suspense>: the browser hydrates the cards apart from the rest of the page.
  return (
    <Suspense>
      <ul className={cn(gridClass, className)}>
        {products?.map((product, index) => (
          // Cards below the fold are neither laid out nor painted until scrolled near: a phone
          // draws the first screen of a 24-card page without the other twenty.
          <li
            key={product._id}
            className="flex [contain-intrinsic-block-size:auto_26rem] [content-visibility:auto]"
          >
            <ProductCard
              product={product}
              linkState={linkState}
              onAddToCart={onAddToCart}
              priority={index < 4}
              action={renderAction?.(product)}
            />
          </li>
        ))}
      </ul>
    </Suspense>
  );
}
