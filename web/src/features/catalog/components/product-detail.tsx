import type { Product, Variant } from '@contract/catalog';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { shopSettings } from '@/lib/shop-settings';
import { FabricCare } from './fabric-care';
import { FitSummary } from './fit-summary';
import { ProductPrice } from './product-price';
import { StockBadge } from './stock-badge';
import { chosenVariant, VariantPicker } from './variant-picker';

type TextElement = ComponentType<{ className?: string; children: ReactNode }>;
const PageTitle: TextElement = (props) => <h1 {...props} />;
const PageText: TextElement = (props) => <p {...props} />;

/**
 * The product's picture (the chosen colour's), options, price and Add to Cart: in the product
 * dialog, or as the product page itself (its title an `h1`).
 */
export function ProductDetail({
  product,
  onAddToCart,
  actions,
  children,
  Title = PageTitle,
  Description = PageText,
  sizeGuide,
  suggestedSize,
  sizeHint,
}: {
  product: Product;
  Title?: TextElement;
  Description?: TextElement;
  onAddToCart: (product: Product, variant?: Variant) => void;
  actions?: (variant: Variant | undefined) => ReactNode;
  children?: ReactNode;
  /** Beside the size picker, given the size chosen so far: the size guide (issue 28). */
  sizeGuide?: (size: string) => ReactNode;
  /** "Find my size": picked for the shopper until they choose one themselves. */
  suggestedSize?: string | undefined;
  /** Why that size, under the picker while it is the one chosen. */
  sizeHint?: ReactNode;
}) {
  const hasOptions = product.variants.length > 0;
  const [color, setColor] = useState(product.colors[0] ?? '');
  const [size, setSize] = useState('');
  // Once the shopper picks a size, a suggestion arriving later leaves it alone.
  const picked = useRef(false);
  const suggested = suggestedSize && product.sizes.includes(suggestedSize) ? suggestedSize : '';
  useEffect(() => {
    if (suggested && !picked.current) setSize(suggested);
  }, [suggested]);
  const hintId = useId();
  const variant = hasOptions ? chosenVariant(product, color, size) : undefined;
  const ready = !hasOptions || (variant !== undefined && variant.totalStock > 0);
  const image = product.colorImages.find((i) => i.color === color)?.image ?? product.image;
  // The badge speaks of the chosen variant once there is one (SPEC badges, per variant).
  const badgeStock = variant ? variant.totalStock : product.totalStock;
  return (
    <div className="grid md:grid-cols-2">
      <div className="relative bg-muted md:sticky md:top-0 md:self-start">
        <img
          src={image}
          alt={color ? `${product.title} in ${color}` : product.title}
          width={600}
          height={750}
          fetchPriority="high"
          className="aspect-[4/3] w-full object-cover md:aspect-[4/5] md:rounded-l-lg"
        />
        <StockBadge
          product={{
            totalStock: badgeStock,
            salePrice: product.salePrice,
            lowestPrice30Days: product.lowestPrice30Days,
          }}
          className="absolute left-3 top-3"
        />
        {product.colorImages.length > 1 && (
          <ul className="flex gap-2 p-2" aria-label="Colours">
            {product.colorImages.map((i) => (
              <li key={i.color}>
                <button
                  type="button"
                  onClick={() => {
                    setColor(i.color);
                    setSize(picked.current ? '' : suggested);
                  }}
                  aria-pressed={i.color === color}
                  aria-label={`Show ${i.color}`}
                  className="block overflow-hidden rounded border-2 border-transparent aria-pressed:border-primary"
                >
                  <img
                    src={i.image}
                    alt=""
                    width={56}
                    height={70}
                    className="h-[70px] w-14 object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="pr-8">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {brandLabels[product.brand]} · {categoryLabels[product.category]}
          </p>
          <Title className="mt-1 text-2xl font-extrabold sm:text-3xl">{product.title}</Title>
        </div>
        <Description className="text-base text-muted-foreground">{product.description}</Description>
        <ProductPrice
          price={product.price}
          salePrice={product.salePrice}
          lowestPrice30Days={product.lowestPrice30Days}
          // EU style (PRICES_INCLUDE_TAX): the price shown is what the shopper pays, VAT in it.
          note={shopSettings().pricesIncludeTax ? 'incl. VAT' : undefined}
          className="text-2xl"
        />
        {/* Reviews are rated 1 to 5, so an average of 0 means none yet: no empty stars, no "0.00". */}
        {product.averageReview > 0 ? (
          <div className="flex items-center gap-2">
            <StarRating value={product.averageReview} />
            <span className="text-sm text-muted-foreground">
              {product.averageReview.toFixed(2)}
            </span>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No reviews yet</p>
        )}
        {hasOptions && (
          <div>
            <VariantPicker
              product={product}
              color={color}
              size={size}
              onColor={(c) => {
                setColor(c);
                setSize(picked.current ? '' : suggested);
              }}
              onSize={(s) => {
                picked.current = true;
                setSize(s);
              }}
              hintId={hintId}
              sizeAside={product.sizes.length > 0 ? sizeGuide?.(size) : undefined}
            />
            {/* A status, there from the start, so screen readers hear the hint arrive. */}
            <p role="status" className="mt-2 text-sm text-muted-foreground empty:mt-0">
              {suggested && size === suggested ? sizeHint : null}
            </p>
          </div>
        )}
        <FitSummary summary={product.fitSummary} />
        {product.totalStock === 0 ? (
          <Button className="w-full" disabled>
            Out of Stock
          </Button>
        ) : (
          <div className="space-y-1">
            <Button
              className="w-full"
              disabled={!ready}
              aria-describedby={ready ? undefined : hintId}
              onClick={() => onAddToCart(product, variant)}
            >
              Add to Cart
            </Button>
            {!ready && (
              <p id={hintId} className="text-center text-sm text-muted-foreground">
                {variant?.totalStock === 0
                  ? 'This size is sold out in this colour'
                  : `Choose a ${product.sizes.length ? 'size' : 'colour'} to add it to your cart`}
              </p>
            )}
          </div>
        )}
        {actions ? (
          <div className="flex flex-wrap items-center gap-3">{actions(variant)}</div>
        ) : null}
        <FabricCare product={product} />
        <hr />
        {children}
      </div>
    </div>
  );
}
