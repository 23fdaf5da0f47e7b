import { infoPageSlugs } from './info-page-list';

/**
 * Every page of the client, as route patterns (`:name` matches one path segment). The
 * client's router is built from these and the server answers any other page path with the
 * not-found page and status 404, so the two can never disagree. Add a page here first.
 */
export const pages = {
  root: '/',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  adminDashboard: '/admin/dashboard',
  adminProducts: '/admin/products',
  adminSizeCharts: '/admin/size-charts',
  adminOrders: '/admin/orders',
  adminFeatures: '/admin/features',
  adminShipping: '/admin/shipping',
  adminTaxes: '/admin/taxes',
  adminDiscounts: '/admin/discounts',
  adminReturns: '/admin/returns',
  adminAudit: '/admin/audit',
  adminImportExport: '/admin/import-export',
  adminCustomers: '/admin/customers',
  adminStaff: '/admin/staff',
  adminCustomer: '/admin/customers/:id',
  shopHome: '/shop/home',
  shopListing: '/shop/listing',
  shopSearch: '/shop/search',
  shopProduct: '/shop/product/:id',
  shopCheckout: '/shop/checkout',
  shopAccount: '/shop/account',
  shopSaved: '/shop/saved',
  paypalReturn: '/shop/paypal-return',
  paypalCancel: '/shop/paypal-cancel',
  paymentSuccess: '/shop/payment-success',
  /** A guest order's status page: the token of its emailed link (GUEST_CHECKOUT). */
  shopOrderStatus: '/shop/order/:token',
  /** The order lookup by number and email: it emails the status link again. */
  shopOrderLookup: '/shop/order/lookup',
  /**
   * The EU withdrawal function: order number and email, open to anyone (under /shop/order/ so
   * the login wall and the server treat it as the guest order pages).
   */
  shopWithdraw: '/shop/order/withdraw',
  /** A guest's data request (download or erasure) by order number and email. */
  shopOrderPrivacy: '/shop/order/privacy',
  /** The emailed link that answers it: its token is the proof of the email. */
  shopOrderPrivacyLink: '/shop/order/privacy/:token',
  /** An emailed link that adds the guest orders of the account's email to it. */
  shopClaimOrders: '/shop/claim-orders',
  unauth: '/unauth-page',
  /** Shipping, returns, privacy, terms, contact (contract/info-pages.ts): open to anyone. */
  infoPage: '/pages/:slug',
} as const;

const patterns = Object.values(pages).map((p) => p.split('/').filter(Boolean));

// Params with a closed set of values, by pattern: another value is no page (the server's 404).
const closedParams: Partial<Record<string, readonly string[]>> = {
  [pages.infoPage]: infoPageSlugs,
};
const allowedValues = Object.values(pages).map((p) => closedParams[p]);

/** True when a URL path (no query) is one of the client's pages; a trailing slash is allowed. */
export function isPagePath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (pathname.includes('//')) return false;
  return patterns.some(
    (pattern, p) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => {
        const segment = segments[i] ?? '';
        if (!part.startsWith(':')) return part === segment;
        return !['.', '..'].includes(segment) && (allowedValues[p]?.includes(segment) ?? true);
      }),
  );
}

/**
 * The browsing pages: what PUBLIC_STOREFRONT opens to visitors, and the pages whose HTML is
 * the same for everyone (the server keeps it; each browser fills in its own session after).
 */
export const isBrowsingPage = (pathname: string) =>
  /^\/shop\/(home|listing|search|product\/[^/]+)\/?$/.test(pathname);
