import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Input } from '@/components/ui/input';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { canSearch, useSearchProducts } from '@/features/catalog/api/search-products';
import { Pagination } from '@/features/catalog/components/pagination';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { SaveButton } from '@/features/wishlist/components/save-button';
import { pageTitle } from '@/lib/shop-settings';
import { useProductLinkState } from './product-link';

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
      </div>
      {results && results.data.length === 0 && (
        <h2 className="py-12 text-center text-2xl font-extrabold">No result found!</h2>
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
