import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useFinishPendingAdd } from '@/features/cart/hooks/use-add-to-cart';
import { SaveStateProvider } from '@/features/wishlist/components/save-button';
import { SiteFooter } from '../site-footer';
import { ShopHeader } from './header';

export function Component() {
  useFinishPendingAdd();
  return (
    <div className="flex min-h-screen flex-col overflow-x-hidden bg-background">
      <ShopHeader />
      <main className="flex w-full flex-1 flex-col">
        <SaveStateProvider>
          <Outlet />
        </SaveStateProvider>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
