import { pages } from '@contract/pages';
import { HousePlug, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/features/auth/api/check-auth';
import { getShopSettings, pageTitle } from '@/lib/shop-settings';
import { ShopHeader } from './shop/header';

/** The shop's name and a way home, for visitors the full shop header does not suit. */
function MinimalHeader() {
  return (
    <header className="sticky top-0 z-40 w-full border-b bg-background">
      <div className="flex h-16 items-center px-4 md:px-6">
        <Link to={pages.root} className="flex items-center gap-2">
          <HousePlug className="size-6" aria-hidden />
          <span className="font-bold">{getShopSettings().name}</span>
        </Link>
      </div>
    </header>
  );
}

/**
 * SPEC §2's "page doesn't exists", inside the shop: its header (a shopper's full one, a
 * minimal one otherwise), a search box and a way home, so the page is no dead end. The server
 * sends it with status 404 (contract/pages.ts).
 */
export function Component() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    navigate(
      value ? `${pages.shopSearch}?${new URLSearchParams({ keyword: value })}` : pages.shopSearch,
    );
  };
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <title>{pageTitle('Not found')}</title>
      {user && user.role !== 'admin' ? <ShopHeader /> : <MinimalHeader />}
      <main className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
        <h1 className="text-2xl font-semibold">page doesn't exists</h1>
        <p className="text-muted-foreground">The address may be mistyped, or the page has moved.</p>
        {user?.role !== 'admin' && (
          <search className="w-full max-w-md">
            <form onSubmit={search} className="flex gap-2">
              <label htmlFor="not-found-search" className="sr-only">
                Search Products
              </label>
              <Input
                id="not-found-search"
                type="search"
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                placeholder="Search Products..."
                maxLength={100}
                autoComplete="off"
              />
              <Button type="submit">
                <Search aria-hidden />
                Search
              </Button>
            </form>
          </search>
        )}
        <Button asChild variant="outline">
          <Link to={pages.root}>Go to the home page</Link>
        </Button>
      </main>
    </div>
  );
}
