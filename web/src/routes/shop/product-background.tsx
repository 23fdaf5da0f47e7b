import { useNavigate } from 'react-router';
import { listingFromSearchParams, listingToSearchParams } from '@/lib/listing-filters';
import { HomeView } from './home';
import { ListingView } from './listing';
import type { ProductFrom } from './product-link';
import { SearchView } from './search';

/** The page behind the dialog: the one the shopper came from. */
export function Background({ from }: { from: ProductFrom }) {
  const navigate = useNavigate();
  const params = new URLSearchParams(from.search);
  if (from.pathname === '/shop/home') return <HomeView />;
  if (from.pathname === '/shop/search') {
    return (
      <SearchView
        keyword={params.get('keyword') ?? ''}
        onKeywordChange={(keyword) => navigate(`/shop/search?${new URLSearchParams({ keyword })}`)}
      />
    );
  }
  return (
    <ListingView
      state={listingFromSearchParams(params)}
      onChange={(next) => navigate(`/shop/listing?${listingToSearchParams(next)}`)}
    />
  );
}
