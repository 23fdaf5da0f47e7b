import { type ProductCard as Card, hasOptions as soldInOptions } from '@contract/catalog';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { swatchOf } from '@contract/variant-constants';
import type { ReactNode } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { cn } from '@/lib/utils';
import { ProductPrice } from './product-price';
import { StockBadge } from './stock-badge';

/**
 * A storefront product card: picture, badges, labels, prices and 'Add to cart'. Its links are
 * plain anchors that the grid around it follows in the app (product-grid.tsx): React Router's
 * `Link` was a fifth of a listing page's render on the server, two in each of 24 cards.
 */
export function ProductCard({
  product,
  onAddToCart,
  priority = false,
  action,
}: {
  product: Card;
  /** With the product's one variant when it has one (sized products with several go to their page). */
  onAddToCart: (product: Card, variant?: { _id: string; totalStock: number }) => void;
  /** The first cards are above the fold: load their pictures at once. */
  priority?: boolean;
  /** A control over the picture's corner, given by the page (the save-for-later heart). */
  action?: ReactNode;
}) {
  const soldOut = product.totalStock === 0;
  const hasOptions = soldInOptions(product);
  const needsChoice = hasOptions && product.soleVariantId === null;
  const productHref = `/shop/product/${product._id}`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
      <a
        href={productHref}
        className="flex flex-1 flex-col focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div className="relative aspect-[4/5] overflow-hidden bg-muted">
          <img
            src={product.image}
            alt=""
            width={400}
            height={500}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          <StockBadge product={product} className="absolute left-2 top-2" />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h2 className="line-clamp-2 font-semibold leading-snug">{product.title}</h2>
          <p className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span>{categoryLabels[product.category]}</span>
            <span>{brandLabels[product.brand]}</span>
          </p>
          {hasOptions && (
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span
                className="flex gap-1"
                role="img"
                aria-label={`Colours: ${product.colors.join(', ')}`}
              >
                {product.colors.slice(0, 5).map((c) => (
                  <span
                    key={c}
                    className="size-3.5 rounded-full border border-black/20"
                    style={{ background: swatchOf(c) }}
                  />
                ))}
              </span>
              <span>{product.sizes.length > 1 ? `${product.sizes.length} sizes` : 'One size'}</span>
            </div>
          )}
          {/* Only a rated product shows stars: five empty ones and "0.00" read as a bad rating. */}
          {product.averageReview > 0 && (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              <StarRating value={product.averageReview} size="size-3.5" />
              <span aria-hidden>{product.averageReview.toFixed(2)}</span>
            </p>
          )}
          <ProductPrice
            price={product.price}
            salePrice={product.salePrice}
            lowestPrice30Days={product.lowestPrice30Days}
            className="mt-auto pt-1"
          />
        </div>
      </a>
      {action ? <div className="absolute right-2 top-2">{action}</div> : null}
      <div className="p-3 pt-0">
        {soldOut ? (
          <Button className="w-full" disabled>
            Out Of Stock
          </Button>
        ) : needsChoice ? (
          // A size or colour must be chosen first: the product page asks for it.
          <a
            href={productHref}
            className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
            aria-label={`Choose options: ${product.title}`}
          >
            Choose options
          </a>
        ) : (
          <Button
            className="w-full"
            onClick={() =>
              onAddToCart(
                product,
                product.soleVariantId === null
                  ? undefined
                  : { _id: product.soleVariantId, totalStock: product.totalStock },
              )
            }
            aria-label={`Add to cart: ${product.title}`}
          >
            Add to cart
          </Button>
        )}
      </div>
    </article>
  );
}
