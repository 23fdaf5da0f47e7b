import { pages } from '@contract/pages';
import {
  chosenFilterCount,
  isLinkedListing,
  type ListingState,
  listingFromSearchParams,
  listingToSearchParams,
} from '@/lib/listing-filters';
import { pathMatcher } from './path-matcher';

// What a page rendered for everyone is kept under by the server (shared-pages.ts), and which
// pages share one: the renderer knows what of an address its HTML shows.

const isListing = pathMatcher(pages.shopListing);

/** The listing's state of `url`, or null for another page. */
function listingOf(url: URL): ListingState | null {
  if (!isListing(url.pathname.replace(/(.)\/$/, '$1'))) return null;
  return listingFromSearchParams(url.searchParams);
}

/**
 * A shopper's own selection of the listing (not one the shop links to: isLinkedListing), or
 * null. It names the whole listing as its canonical address (head.ts); rendered for everyone it
 * is either the whole page or, when the server asks (`RenderInput.frame`), the listing's frame: header, headings,
 * filter button and sort, with the products' places held, the browser reading the products
 * after hydration as it does when the shopper narrows the listing in the page.
 */
export function listingSelection(url: URL): ListingState | null {
  const state = listingOf(url);
  return state && !isLinkedListing(state) ? state : null;
}

/**
 * What a page rendered for everyone is kept under (PageRenderer.pageKeys). `page`: its address,
 * a listing's as its state (tracking tags or a `page=1` make no other page). `frame`, for a
 * selection: its frame's, shared by every selection with the same sort and count of chosen
 * filters, all that the frame shows of its address; a crawler or a crowd trying filter after
 * filter is answered from a few kept frames, never a render each.
 */
export function pageKeys(path: string): { page: string; frame?: string } {
  const url = new URL(path, 'http://page');
  const state = listingOf(url);
  if (!state) return { page: path };
  const query = listingToSearchParams(state).toString();
  const page = `/shop/listing${query ? `?${query}` : ''}`;
  if (isLinkedListing(state)) return { page };
  return { page, frame: `listing-frame:${state.sortBy}:${chosenFilterCount(state.filters)}` };
}
