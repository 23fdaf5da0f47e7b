import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { productQueryKey, useProduct } from '@/features/catalog/api/get-product';
import { ProductDetailDialog } from '@/features/catalog/components/product-detail-dialog';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { NotifyButton } from '@/features/stock-alerts/components/notify-button';
import { SaveButton } from '@/features/wishlist/components/save-button';
import {
  listingFromSearchParams,
  listingToSearchParams,
  readStoredFilters,
} from '@/lib/listing-filters';
import { pageTitle } from '@/lib/shop-settings';
import { HomeView } from './home';
import { ListingView } from './listing';
import { type ProductFrom, readProductFrom } from './product-link';
import { SearchView } from './search';

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

/** The page behind the dialog: the one the shopper came from, else the listing of their filters. */
function Background({ from }: { from: ProductFrom | undefined }) {
  const navigate = useNavigate();
  const params = new URLSearchParams(from?.search ?? '');
  if (from?.pathname === '/shop/home') return <HomeView />;
  if (from?.pathname === '/shop/search') {
    return (
      <SearchView
        keyword={params.get('keyword') ?? ''}
        onKeywordChange={(keyword) => navigate(`/shop/search?${new URLSearchParams({ keyword })}`)}
      />
    );
  }
  const state = from
    ? listingFromSearchParams(params)
    : { ...listingFromSearchParams(params), filters: readStoredFilters() };
  return (
    <ListingView
      state={state}
      onChange={(next) => navigate(`/shop/listing?${listingToSearchParams(next)}`)}
    />
  );
}

/**
 * `/shop/product/:id`: the product detail dialog with a URL of its own, so a product can be
 * linked and shared. Opened from a page, that page stays behind it and Close goes back to it.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = readProductFrom(location.state);
  const { data: product, isPending } = useProduct(id);
  const addToCart = useAddToCart();
  useMetaDescription(product?.description.slice(0, 160));

  const close = () => {
    if (from) navigate(-1);
    else
      navigate(
        `/shop/listing?${listingToSearchParams({ filters: readStoredFilters(), sortBy: 'price-lowtohigh', page: 1 })}`,
      );
  };

  return (
    <>
      <title>{pageTitle(product?.title)}</title>
      <Background from={from} />
      <ProductDetailDialog
        product={product}
        isLoading={isPending}
        open
        onOpenChange={(open) => !open && close()}
        onAddToCart={addToCart}
        actions={(variant) =>
          product ? (
            <>
              <NotifyButton product={product} variant={variant} />
              <SaveButton product={product} />
            </>
          ) : null
        }
      >
        <ProductReviews
          productId={id}
          onAdded={() => queryClient.invalidateQueries({ queryKey: productQueryKey(id) })}
        />
      </ProductDetailDialog>
    </>
  );
}
