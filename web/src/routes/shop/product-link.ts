import { useLocation } from 'react-router';

/** Where a product page was opened from: the page drawn behind its dialog, and where Close returns. */
export type ProductFrom = { pathname: string; search: string };
export type ProductLinkState = { from: ProductFrom };

export function readProductFrom(state: unknown): ProductFrom | undefined {
  const from = (state as Partial<ProductLinkState> | null)?.from;
  return typeof from?.pathname === 'string' && typeof from.search === 'string' ? from : undefined;
}

/** The history state for product links on this page (kept when already on a product page). */
export function useProductLinkState(): ProductLinkState {
  const location = useLocation();
  const current = readProductFrom(location.state);
  if (location.pathname.startsWith('/shop/product/') && current) return { from: current };
  return { from: { pathname: location.pathname, search: location.search } };
}
