import { pages } from '@contract/pages';
import { HousePlug } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { shopSettings } from '@/lib/shop-settings';
import { SiteFooter } from '@/routes/site-footer';

export function AuthLayout() {
  return (
    // Below lg the footer follows the form instead of being held to the screen's bottom: held
    // there, it moved up as its own HTML streamed in on a slow line (a layout shift of 0.1).
    <div className="flex w-full flex-col lg:min-h-screen">
      <div className="flex min-h-[70svh] w-full flex-1">
        <div className="hidden w-1/2 items-center justify-center bg-black px-12 lg:flex">
          <div className="max-w-md space-y-6 text-center text-white">
            <h1 className="text-4xl font-extrabold tracking-tight">
              Welcome to {shopSettings().name}
            </h1>
          </div>
        </div>
        <div className="flex flex-1 flex-col bg-background">
          {/* The way back to the shop, on the phone too (the banner column is hidden there). */}
          <Link
            to={shopSettings().publicStorefront ? pages.shopHome : pages.root}
            className="flex items-center gap-2 self-start px-4 pt-4 sm:px-6 lg:px-8 lg:pt-6"
          >
            <HousePlug className="size-6" aria-hidden />
            <span className="font-bold">{shopSettings().name}</span>
          </Link>
          {/* Top-aligned below lg, for the same reason: centred, the form moved up as each part
              of it (then the footer) arrived. */}
          <main className="flex flex-1 items-start justify-center px-4 py-12 sm:px-6 lg:items-center lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
      <SiteFooter />
    </div>
  );
}
