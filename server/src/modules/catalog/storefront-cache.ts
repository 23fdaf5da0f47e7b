// Moved to modules/storefront (issue 24). Kept only for server/src/plugins/shared-pages.ts, which
// imports StorefrontCache from this path; delete once it imports from '../modules/storefront'.
export type { StorefrontCache } from '../storefront';
