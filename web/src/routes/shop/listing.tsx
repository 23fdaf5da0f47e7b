import { defaultSort } from '@contract/catalog-constants';
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { useProducts } from '@/features/catalog/api/get-products';
import { ActiveFilters } from '@/features/catalog/components/active-filters';
import { listingHeading } from '@/features/catalog/components/filter-labels';
import { type FilterKey, FilterPanel } from '@/features/catalog/components/filter-panel';
import { Pagination } from '@/features/catalog/components/pagination';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { SortButton } from '@/features/catalog/components/sort-button';
import { SaveButton } from '@/features/wishlist/components/save-button';
import { lazyComponent } from '@/lib/lazy-component';
import {
  chosenFilterCount,
  type Filters,
  type ListingState,
  listingFromSearchParams,
  listingToSearchParams,
  storeFilters,
} from '@/lib/listing-filters';
import { pageTitle } from '@/lib/shop-settings';
import { useProductLinkState } from './product-link';

// The sort menu's code loads after the page; until then its button shows the active sort, and
// a tap on it opens the menu when the code arrives. (A server-rendered button is hydrated and
// its tap replayed by React; the placeholder drawn after a move within the shop is not.)
const SortMenu = lazyComponent(() =>
  import('@/features/catalog/components/sort-menu').then((m) => m.SortMenu),
);

/** The listing, drawn from a state: the listing page passes its URL's, a product page its own. */
export function ListingView({
  state,
  onChange,
}: {
  state: ListingState;
  onChange: (state: ListingState) => void;
}) {
  const { filters, sortBy, page } = state;
  const { data, isPending, isPlaceholderData } = useProducts({ ...filters, sortBy, page });
  const addToCart = useAddToCart();
  const linkState = useProductLinkState();
  const total = data?.pagination.total;
  const [sortTapped, setSortTapped] = useState(false);
  const heading = listingHeading(filters);
  // SPEC §2: a new category resets the sort to price-lowtohigh; any change goes to page 1.
  const changeFilters = (next: Filters, changed: FilterKey) =>
    onChange({ filters: next, sortBy: changed === 'category' ? defaultSort : sortBy, page: 1 });
  const clearFilters = () => onChange({ filters: {}, sortBy, page: 1 });

  return (
    // At least a screen tall: when a few products replace the placeholders, the footer does not
    // rise into view (a layout shift), it stays below the fold.
    <div className="mx-auto grid min-h-screen w-full max-w-7xl content-start gap-6 px-4 py-6 md:grid-cols-[220px_1fr] md:px-6">
      {/* Each <Suspense> is hydrated on its own: no one long task brings the whole page alive. */}
      <Suspense>
        <FilterPanel
          filters={filters}
          facets={data?.facets}
          total={isPlaceholderData ? undefined : total}
          onChange={changeFilters}
        />
      </Suspense>
      <section className="min-w-0 rounded-lg border bg-background" aria-labelledby="all-products">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b p-4">
          <h1 id="all-products" className="text-lg font-extrabold">
            {heading}
          </h1>
          <div className="flex items-center gap-3">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {total === undefined ? (
                // Its place held while the products load: the line wraps as it will with them.
                <span className="inline-block h-4 w-20 animate-pulse rounded-md bg-muted align-middle" />
              ) : (
                `${total} Products`
              )}
            </span>
            <Suspense fallback={<SortButton value={sortBy} onClick={() => setSortTapped(true)} />}>
              <SortMenu
                value={sortBy}
                onChange={(s) => onChange({ filters, sortBy: s, page: 1 })}
                defaultOpen={sortTapped}
                onOpenChange={(open) => {
                  if (!open) setSortTapped(false);
                }}
              />
            </Suspense>
          </div>
        </div>
        <ActiveFilters filters={filters} onChange={changeFilters} onClear={clearFilters} />
        <div className={isPlaceholderData ? 'p-4 opacity-60 transition-opacity' : 'p-4'}>
          <ProductGrid
            products={data?.data}
            isLoading={isPending}
            linkState={linkState}
            onAddToCart={addToCart}
            renderAction={(product) => <SaveButton product={product} />}
          />
          {data && data.data.length === 0 && (
            <div className="flex flex-col items-center gap-3 py-12 text-center">
              <p className="text-muted-foreground">No products match these filters.</p>
              {chosenFilterCount(filters) > 0 && (
                <Button variant="outline" onClick={clearFilters}>
                  Clear filters
                </Button>
              )}
            </div>
          )}
          <Pagination
            page={page}
            pages={data?.pagination.pages ?? 0}
            onChange={(p) => {
              onChange({ filters, sortBy, page: p });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      </section>
    </div>
  );
}

/**
 * `/shop/listing`: the query string is the state, so back and forward restore it; session
 * storage mirrors the filters (SPEC §2) for the header menu and the product page.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const state = listingFromSearchParams(params);
  const key = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the whole state
  useEffect(() => storeFilters(state.filters), [key]);

  return (
    <>
      <title>{pageTitle(listingHeading(state.filters))}</title>
      <ListingView state={state} onChange={(next) => setParams(listingToSearchParams(next))} />
    </>
  );
}
