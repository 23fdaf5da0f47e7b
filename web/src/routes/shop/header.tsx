import type { Category } from '@contract/catalog';
import { Heart, HousePlug } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { lazyComponent } from '@/lib/lazy-component';
import { filtersToSearchParams, storeFilters } from '@/lib/listing-filters';
import { shopSettings } from '@/lib/shop-settings';
import { signInHref } from '@/lib/sign-in';

// The overlays' code (dialog, menu, cart sheet) loads after the page; the server renders them.
const MobileMenu = lazyComponent(() => import('./header-menus').then((m) => m.MobileMenu));
const AccountMenu = lazyComponent(() => import('./header-menus').then((m) => m.AccountMenu));
const CartSheet = lazyComponent(() => import('./cart-panel').then((m) => m.CartPanel));

export const shopMenu = [
  { id: 'home', label: 'Home', path: '/shop/home' },
  { id: 'products', label: 'All Products', path: '/shop/listing' },
  { id: 'men', label: 'Men', path: '/shop/listing' },
  { id: 'women', label: 'Women', path: '/shop/listing' },
  { id: 'kids', label: 'Kids', path: '/shop/listing' },
  { id: 'footwear', label: 'Footwear', path: '/shop/listing' },
  { id: 'accessories', label: 'Accessories', path: '/shop/listing' },
  { id: 'search', label: 'Search', path: '/shop/search' },
] as const;

const NON_CATEGORY = new Set(['home', 'products', 'search']);

function MenuItems({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();

  // SPEC §2: a category entry sets the category filter; Home, products and search clear it.
  const go = (item: (typeof shopMenu)[number]) => {
    const filters = NON_CATEGORY.has(item.id) ? null : { category: [item.id as Category] };
    storeFilters(filters);
    if (location.pathname.includes('listing') && filters) {
      setSearchParams(filtersToSearchParams(filters));
    } else if (item.id === 'products') {
      navigate(item.path);
    } else {
      navigate(filters ? `${item.path}?${filtersToSearchParams(filters)}` : item.path);
    }
    onNavigate?.();
  };

  // Real links (new tab, crawlable), whose plain click keeps the spec's behaviour above.
  const hrefOf = (item: (typeof shopMenu)[number]) =>
    NON_CATEGORY.has(item.id)
      ? item.path
      : `${item.path}?${filtersToSearchParams({ category: [item.id as Category] })}`;

  return (
    <nav aria-label="Shop" className="flex flex-col gap-6 lg:flex-row lg:items-center">
      {shopMenu.map((item) => (
        <Link
          key={item.id}
          to={hrefOf(item)}
          onClick={(event) => {
            // A modified or middle click opens the URL as the browser would (new tab, window).
            const { button, metaKey, ctrlKey, shiftKey, altKey } = event;
            if (button !== 0 || metaKey || ctrlKey || shiftKey || altKey) return;
            event.preventDefault();
            go(item);
          }}
          className="text-left text-sm font-medium hover:underline hover:underline-offset-4"
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/** Closes a sheet or menu whenever the page changes (a link inside it, or Back). */
export function useCloseOnNavigation(close: () => void) {
  const location = useLocation();
  const key = `${location.pathname}${location.search}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => close(), [key]);
}

/** A visitor's way in (public storefront): signing in comes back to this page. */
function SignInLink() {
  const { pathname, search } = useLocation();
  return (
    <Button asChild>
      <Link to={signInHref(pathname, search)}>Sign in</Link>
    </Button>
  );
}

function RightContent({ withCart = true }: { withCart?: boolean }) {
  const { user, isLoading } = useAuth();
  // A shared page before the browser knows whose it is: neither "Sign in" nor an account yet.
  if (isLoading) return null;
  if (!user) {
    // GUEST_CHECKOUT: a visitor keeps a cart of its own.
    if (!withCart || !shopSettings().guestCheckout) return <SignInLink />;
    return (
      <div className="flex items-center gap-4">
        <Suspense fallback={null}>
          <CartSheet />
        </Suspense>
        <SignInLink />
      </div>
    );
  }
  return (
    <div className="flex items-center gap-4 lg:flex-row">
      <Button variant="outline" size="icon" asChild>
        <Link to="/shop/saved" aria-label="Saved items">
          <Heart className="size-5" aria-hidden />
        </Link>
      </Button>
      {withCart && (
        <Suspense fallback={null}>
          <CartSheet />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AccountMenu userName={user.userName} />
      </Suspense>
    </div>
  );
}

export function ShopHeader() {
  const { user, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  useCloseOnNavigation(() => setOpen(false));
  return (
    <header className="sticky top-0 z-40 w-full border-b bg-background">
      <div className="flex h-16 items-center justify-between px-4 md:px-6">
        <Link to="/shop/home" className="flex items-center gap-2">
          <HousePlug className="size-6" aria-hidden />
          <span className="font-bold">{shopSettings().name}</span>
        </Link>
        {/* Phones: the cart stays in the header, beside the menu button. */}
        <div className="flex items-center gap-3 lg:hidden">
          {/* Grows to the left of the menu button once the session is known: nothing moves. */}
          {isLoading ? null : user || shopSettings().guestCheckout ? (
            <Suspense fallback={null}>
              <CartSheet />
            </Suspense>
          ) : (
            <SignInLink />
          )}
          <Suspense fallback={null}>
            <MobileMenu open={open} onOpenChange={setOpen}>
              <div className="mt-8 flex flex-col gap-8">
                <MenuItems onNavigate={() => setOpen(false)} />
                {(user || shopSettings().guestCheckout) && <RightContent withCart={false} />}
              </div>
            </MobileMenu>
          </Suspense>
        </div>
        <div className="hidden lg:block">
          <MenuItems />
        </div>
        {/* As wide as its widest state (heart, cart and account), filled from the right once
            the session is known: the menu beside it never moves. */}
        <div className="hidden min-w-[9.5rem] justify-end lg:flex">
          <RightContent />
        </div>
      </div>
    </header>
  );
}
