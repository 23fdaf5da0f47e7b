import type { Product, ProductWithChart, Variant } from '@contract/catalog';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { productQueryKey, useProduct } from '@/features/catalog/api/get-product';
import { ProductDetail } from '@/features/catalog/components/product-detail';
import { useReviews } from '@/features/reviews/api/get-reviews';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { useSizeSuggestion } from '@/features/size-guide/api/my-sizes';
import { sizeHintText } from '@/features/size-guide/size-hint';
import { useStockAlerts } from '@/features/stock-alerts/api/stock-alerts';
import { NotifyButton } from '@/features/stock-alerts/components/notify-button';
import { SaveButton } from '@/features/wishlist/components/save-button';
import { useAuth } from '@/lib/auth';
import { documentEntryKey } from '@/lib/document-entry';
import { lazyComponent } from '@/lib/lazy-component';
import { listingToSearchParams } from '@/lib/listing-filters';
import { shopSettings } from '@/lib/shop-settings';
import { signInHref } from '@/lib/sign-in';
import { readProductFrom } from './product-link';

// Opened from a page of the shop, the product is a dialog over that page: their code loads
// then, not with a product page loaded as a document. No <Suspense> here: the router's
// navigation is a transition, so the page the shopper came from stays until they arrive.
// The size guide's link is on the page, but its dialog library (focus trap, scroll lock: ~14 KB)
// and "find my size" are only wanted once it is opened: the server renders the link, and the
// browser keeps that HTML until the code comes after the page's own.
const SizeGuide = lazyComponent(() =>
  import('@/features/size-guide/components/size-guide').then((m) => m.SizeGuide),
);
const FindMySize = lazyComponent(() =>
  import('@/features/size-guide/components/find-my-size').then((m) => m.FindMySize),
);
const Background = lazyComponent(() => import('./product-background').then((m) => m.Background));
const ProductDetailDialog = lazyComponent(() =>
  import('@/features/catalog/components/product-detail-dialog').then((m) => m.ProductDetailDialog),
);

/** Sets the page's meta description while mounted; the shell's own comes back afterwards. */
function useMetaDescription(content: string | undefined) {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !content) return;
    const previous = meta.content;
    meta.content = content;
    return () => {
      meta.content = previous;
    };
  }, [content]);
}

/** The controls beside Add to Cart: save for later, and notify me for a sold-out size. */
function productActions(product: Product | undefined) {
  return (variant: Variant | undefined) =>
    product ? (
      <>
        <NotifyButton product={product} variant={variant} />
        <SaveButton product={product} />
      </>
    ) : null;
}

/**
 * Issue 28: the size guide beside the size picker (with "find my size" for a signed-in
 * shopper), and the size picked for them with why. Personal parts come after hydration: the
 * page's HTML is the same for everyone.
 */
function useSizing(id: string, product: ProductWithChart | undefined) {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  const hasSizes = (product?.sizes.length ?? 0) > 0;
  const { data: suggestion } = useSizeSuggestion(id, hasSizes);
  if (!product || !hasSizes) return {};
  const where = `${brandLabels[product.brand]} ${categoryLabels[product.category]}`;
  return {
    sizeGuide: (chosen: string) => (
      <Suspense>
        <SizeGuide chart={product.sizeChart} chosen={chosen}>
          {isLoading ? null : user ? (
            <Suspense>
              <FindMySize
                brand={product.brand}
                category={product.category}
                brandLabel={brandLabels[product.brand]}
                categoryLabel={categoryLabels[product.category]}
                sizes={product.sizes}
                chosen={chosen}
              />
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Link to={signInHref(pathname, search)} className="font-medium underline">
                Sign in
              </Link>{' '}
              to save your size: we pick it for you on this brand’s other products.
            </p>
          )}
        </SizeGuide>
      </Suspense>
    ),
    suggestedSize: suggestion?.size,
    sizeHint: suggestion ? sizeHintText(suggestion, where) : undefined,
  };
}

/**
 * `/shop/product/:id`. Opened from a page of the shop, the product detail dialog over that
 * page (SPEC §2), Close going back to it. Loaded as a document (a shared link, a search
 * engine, a reload), the product page itself, rendered on the server with its data.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = location.key === documentEntryKey ? undefined : readProductFrom(location.state);
  const { data: product, isPending } = useProduct(id);
  // Asked for with the product, not once it has arrived (its reviews and the notify buttons
  // show only then): one wave of reads in the browser, and on the server one render fewer
  // (entry-server.tsx renders again for every wave of reads a render discovers).
  useReviews(id);
  useStockAlerts();
  const addToCart = useAddToCart();
  const sizing = useSizing(id, product);
  useMetaDescription(product?.description.slice(0, 160));
  const site = shopSettings().name;

  const reviews = (
    <ProductReviews
      productId={id}
      askFit={(product?.sizes.length ?? 0) > 0}
      onAdded={() => queryClient.invalidateQueries({ queryKey: productQueryKey(id) })}
    />
  );
  const title = <title>{product ? `${product.title} · ${site}` : site}</title>;

  if (!from) {
    return (
      <article className="mx-auto w-full max-w-6xl px-4 py-4 md:px-6 md:py-6">
        {title}
        <Link
          to={`/shop/listing?${listingToSearchParams({ filters: {}, sortBy: 'price-lowtohigh', page: 1 })}`}
          className="text-sm font-medium text-muted-foreground underline-offset-4 hover:underline"
        >
          ← All products
        </Link>
        <div className="mt-3 overflow-hidden rounded-lg border bg-background">
          {product ? (
            <ProductDetail
              product={product}
              onAddToCart={addToCart}
              actions={productActions(product)}
              {...sizing}
            >
              {reviews}
            </ProductDetail>
          ) : isPending ? (
            <p className="p-12 text-center text-muted-foreground">Loading product…</p>
          ) : (
            <h1 className="p-12 text-center text-lg font-bold">
              This product is no longer available.
            </h1>
          )}
        </div>
      </article>
    );
  }

  const close = () => {
    navigate(-1);
  };

  return (
    <>
      {title}
      <Background from={from} />
      <ProductDetailDialog
        product={product}
        isLoading={isPending}
        open
        onOpenChange={(open) => !open && close()}
        onAddToCart={addToCart}
        actions={productActions(product)}
        {...sizing}
      >
        {reviews}
      </ProductDetailDialog>
    </>
  );
}
