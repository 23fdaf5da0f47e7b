// The catalogue's public surface: the product model (products, variants, colour pictures, the
// price history) and its admin writes. Other modules import from here only; the tables are not
// exported (a module reads products through CatalogService; storefront runs its queries on the
// catalogue's rows through the functions below, each taking the caller's executor).
export { default as adminProductsRoutes } from './admin-products.routes';
export { findProducts, type ProductRow, toProducts } from './catalog.repository';
export {
  CatalogService,
  type ImageCheck,
  type SkuConflict,
  type SkuProduct,
} from './catalog.service';
// Each product's filterable facts and in-stock options, loaded by the storefront's listing index.
export { listingRows } from './listing-source';
export type { PastPrice } from './price-history.repository';
// A product's review figures, stored by the storefront's ListingService for the reviews module.
export * as reviewStats from './review-stats.repository';
// Full text, vocabulary and trigram reads of its rows, as the storefront's search runs them.
export * as productSearch from './search.repository';
