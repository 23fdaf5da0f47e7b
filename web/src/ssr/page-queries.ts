import type { SessionUser } from '@contract/auth';
import { pages } from '@contract/pages';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { featureImagesQuery } from '@/features/banners/api/get-feature-images';
import { cartQuery } from '@/features/cart/api/get-cart';
import { productQuery } from '@/features/catalog/api/get-product';
import { productsQuery } from '@/features/catalog/api/get-products';
import { canSearch, searchProductsQuery } from '@/features/catalog/api/search-products';
import { orderStatusQuery } from '@/features/guest-orders/api/get-order-status';
import { reviewsQuery } from '@/features/reviews/api/get-reviews';
import { stockAlertsQuery } from '@/features/stock-alerts/api/stock-alerts';
import { wishlistQuery } from '@/features/wishlist/api/wishlist';
import { listingFromSearchParams } from '@/lib/listing-filters';
import { homeProducts } from '@/routes/shop/home';

/**
 * Reads what a shop page is known to read, before its first render, so that one render of it
 * suffices. Only a head start: entry-server.tsx still renders again for any read a render asks
 * for that is not here, so a page that reads more is slower, never wrong (the keys must be the
 * ones the page's hooks use, or the page reads them a second time; a test counts renders).
 */
export async function prefetchPage(client: QueryClient, url: URL, user: SessionUser | null) {
  const { pathname, searchParams } = url;
  if (!pathname.startsWith('/shop/')) return;
  const reads: Promise<void>[] = [];
  // The header's cart and every heart on the page.
  if (user) reads.push(client.prefetchQuery(cartQuery(user.id)));
  if (user) reads.push(client.prefetchQuery(wishlistQuery(user.id)));
  const product = matchPath(pages.shopProduct, pathname)?.params.id;
  const statusToken = matchPath(pages.shopOrderStatus, pathname)?.params.token;
  if (product !== undefined) {
    reads.push(client.prefetchQuery(productQuery(product)));
    reads.push(client.prefetchQuery(reviewsQuery(product)));
    if (user) reads.push(client.prefetchQuery(stockAlertsQuery(user.id)));
  } else if (
    statusToken !== undefined &&
    !['lookup', 'withdraw', 'privacy'].includes(statusToken)
  ) {
    reads.push(client.prefetchQuery(orderStatusQuery(statusToken)));
  } else if (matchPath(pages.shopHome, pathname)) {
    reads.push(client.prefetchQuery(featureImagesQuery));
    reads.push(client.prefetchQuery(productsQuery(homeProducts)));
  } else if (matchPath(pages.shopListing, pathname)) {
    const { filters, sortBy, page } = listingFromSearchParams(searchParams);
    reads.push(client.prefetchQuery(productsQuery({ ...filters, sortBy, page })));
  } else if (matchPath(pages.shopSearch, pathname)) {
    const keyword = searchParams.get('keyword') ?? '';
    if (canSearch(keyword)) reads.push(client.prefetchQuery(searchProductsQuery(keyword, 1)));
  }
  await Promise.all(reads);
}
