// The storefront read side's public surface (its invariants: README.md beside this file):
// the listing index, search, the storefront and product JSON caches, and the shop's public
// read routes. Other modules and the composition root import from here only.

export { ListingService, type Page, paginationOf } from './listing.service';
export { ListingIndex } from './listing-index';
export type { ProductJsonCache } from './product-json-cache';
export { default as searchRoutes } from './search.routes';
export { SearchService } from './search.service';
export { SearchVocabulary } from './search-vocabulary';
export { default as shopProductsRoutes } from './shop-products.routes';
export {
  attachStorefrontCache,
  BANNERS_KEY,
  CATALOG_CHANNEL,
  createProductJsonCache,
  createStorefrontCache,
  notifyProductsChanged,
  productKey,
  StorefrontCache,
} from './storefront-cache';
