import { pages } from '@contract/pages';
import { matchPath } from 'react-router';
import {
  chosenFilterCount,
  isLinkedListing,
  type ListingState,
  listingFromSearchParams,
  listingToSearchParams,
} from '@/lib/listing-filters';

// What a page rendered for everyone is kept under by the server (shared-pages.ts), and which
// pages share one: the renderer knows what of an address its HTML shows.

/** The listing's state of `url`, or null for another page. */
function listingOf(url: URL): ListingState | null {
  if (!matchPath(pages.shopListing, url.pathname.replace(/(.)\/$/, '$1'))) return null;
  return listingFromSearchParams(url.searchParams);
}

/**
 * A shopper's own selection of the listing (not one the shop links to: isLinkedListing), or
 * null. Rendered for everyone, it is the listing's frame: header, headings, filter button and
 * sort, with the products' places held; the browser reads the products after hydration, as it
 * does when the shopper narrows the listing in the page.
 */
export function listingSelection(url: URL): ListingState | null {
  const state = listingOf(url);
  return state && !isLinkedListing(state) ? state : null;
}

/**
 * The address a page rendered for everyone is kept under (PageRenderer.pageKey). A listing's is
 * its state's, whatever else its address holds (tracking tags, a `page=1`), and all selections
 * showing the same frame share one: the frame shows of its address only the sort and the count
 * of chosen filters. A crawler or a crowd trying filter after filter is answered from a few
 * kept frames, never a render each.
 */
export function pageKey(path: string): string {
  const url = new URL(path, 'http://page');
  const state = listingOf(url);
  if (!state) return path;
  if (!isLinkedListing(state)) {
    return `listing-frame:${state.sortBy}:${chosenFilterCount(state.filters)}`;
  }
  const query = listingToSearchParams(state).toString();
  return `/shop/listing${query ? `?${query}` : ''}`;
}
