import type { Product, Variant } from '@contract/catalog';
import type { ComponentProps, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductDetail } from './product-detail';

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
  ...sizing
}: {
  product: Product | undefined;
  isLoading?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAddToCart: (product: Product, variant?: Variant) => void;
  /**
   * Controls beside the cart button, given by the page (save for later, notify me), for the
   * size/colour chosen so far (undefined until one is chosen, or without options).
   */
  actions?: (variant: Variant | undefined) => ReactNode;
  children?: ReactNode;
} & Pick<ComponentProps<typeof ProductDetail>, 'sizeGuide' | 'suggestedSize' | 'sizeHint'>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-[min(64rem,calc(100%-1rem))] gap-0 p-0 sm:max-w-[min(64rem,calc(100%-2rem))]">
        {product ? (
          <ProductDetail
            key={product._id}
            product={product}
            Title={DialogTitle}
            Description={DialogDescription}
            onAddToCart={onAddToCart}
            actions={actions}
            {...sizing}
          >
            {children}
          </ProductDetail>
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
