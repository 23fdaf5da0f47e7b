import { pages } from '@contract/pages';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isBackOffice } from '@/features/admin-staff/access';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';
import { MinimalHeader } from './minimal-header';
import { ShopHeader } from './shop/header';

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
      {user && !isBackOffice(user) ? <ShopHeader /> : <MinimalHeader />}
      <main className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
        <h1 className="text-2xl font-semibold">page doesn't exists</h1>
        <p className="text-muted-foreground">The address may be mistyped, or the page has moved.</p>
        {!isBackOffice(user ?? null) && (
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
