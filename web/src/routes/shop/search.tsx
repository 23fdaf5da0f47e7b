import { type Category, categoryLabels } from '@contract/catalog-constants';
import type { SearchResponse } from '@contract/listing';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { canSearch, useSearchProducts } from '@/features/catalog/api/search-products';
import { Pagination } from '@/features/catalog/components/pagination';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { SaveButton } from '@/features/wishlist/components/save-button';
import { filtersToSearchParams, storeFilters } from '@/lib/listing-filters';
import { pageTitle } from '@/lib/shop-settings';
import { useProductLinkState } from './product-link';

/**
 * SPEC's 'No result found!', said calmly (a heading, not a shout), with what the server
 * suggests: keywords near the typed one that find products, and the popular categories.
 */
function NoResult({
  suggestions,
  onKeyword,
}: {
  suggestions: SearchResponse['suggestions'];
  onKeyword: (keyword: string) => void;
}) {
  const keywords = suggestions?.keywords ?? [];
  const categories = suggestions?.categories ?? [];
  return (
    <section className="mx-auto max-w-2xl space-y-6 py-10 text-center" aria-labelledby="no-result">
      <h2 id="no-result" className="text-lg font-semibold">
        No result found!
      </h2>
      {keywords.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm text-muted-foreground">Did you mean</h3>
          <ul className="flex flex-wrap justify-center gap-2">
            {keywords.map((keyword) => (
              <li key={keyword}>
                <Button variant="outline" size="sm" onClick={() => onKeyword(keyword)}>
                  {keyword}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {categories.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm text-muted-foreground">Popular categories</h3>
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.map((category: Category) => (
              <li key={category}>
                <Link
                  to={`/shop/listing?${filtersToSearchParams({ category: [category] })}`}
                  onClick={() => storeFilters({ category: [category] })}
                  className="inline-block rounded-full border px-3 py-1 text-sm font-medium hover:bg-muted"
                >
                  {categoryLabels[category]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** SPEC §4: the search is sent 1 second after typing stops. */
const SEARCH_DELAY_MS = 1000;

/** The keyword to search for: the typed one once it has rested for a second, '' when too short. */
function useSettledKeyword(keyword: string) {
  const [settled, setSettled] = useState(() => (canSearch(keyword) ? keyword.trim() : ''));
  useEffect(() => {
    if (!canSearch(keyword)) {
      setSettled(''); // too short: the results are cleared at once
      return;
    }
    const timer = setTimeout(() => setSettled(keyword.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return settled;
}

export function SearchView({
  keyword,
  onKeywordChange,
}: {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
}) {
  const settled = useSettledKeyword(keyword);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new keyword starts at page 1
  useEffect(() => setPage(1), [settled]);
  const { data, isFetching } = useSearchProducts(settled, page);
  const addToCart = useAddToCart();
  const linkState = useProductLinkState();
  const results = settled ? data : undefined;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 md:px-6">
      <h1 className="sr-only">Search</h1>
      <div className="mx-auto mb-8 max-w-2xl">
        <label htmlFor="search-products" className="sr-only">
          Search Products
        </label>
        <Input
          id="search-products"
          type="search"
          value={keyword}
          onChange={(e) => onKeywordChange(e.target.value)}
          placeholder="Search Products..."
          className="h-12 text-base"
          autoComplete="off"
          maxLength={100}
        />
        <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
          {!canSearch(keyword)
            ? 'Type at least 4 characters to search.'
            : isFetching
              ? 'Searching…'
              : results
                ? `${results.pagination.total} results`
                : ''}
        </p>
        {results?.correctedTo && results.data.length > 0 && (
          <p className="mt-1 text-sm">
            Showing results for <strong>{results.correctedTo}</strong>
          </p>
        )}
      </div>
      {results && results.data.length === 0 && (
        <NoResult suggestions={results.suggestions} onKeyword={onKeywordChange} />
      )}
      {results && results.data.length > 0 && (
        <>
          <ProductGrid
            products={results.data}
            linkState={linkState}
            onAddToCart={addToCart}
            renderAction={(product) => <SaveButton product={product} />}
          />
          <Pagination page={page} pages={results.pagination.pages} onChange={setPage} />
        </>
      )}
    </div>
  );
}

/** `/shop/search?keyword=…`: the keyword is kept in the URL (replaced, not pushed, as one types). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const urlKeyword = params.get('keyword') ?? '';
  const [keyword, setKeyword] = useState(urlKeyword);
  const written = useRef(urlKeyword);

  // The header's Search entry (or back/forward) changes the URL: follow it.
  useEffect(() => {
    if (urlKeyword !== written.current) {
      written.current = urlKeyword;
      setKeyword(urlKeyword);
    }
  }, [urlKeyword]);

  const change = (value: string) => {
    setKeyword(value);
    written.current = value;
    setParams(value ? { keyword: value } : {}, { replace: true });
  };
  return (
    <>
      <title>{pageTitle('Search')}</title>
      <SearchView keyword={keyword} onKeywordChange={change} />
    </>
  );
}
