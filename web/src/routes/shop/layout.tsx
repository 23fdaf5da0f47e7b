import { Outlet } from 'react-router';
import { SiteFooter } from '../site-footer';
import { ShopHeader } from './header';

export function Component() {
  return (
    <div className="flex min-h-screen flex-col overflow-x-hidden bg-background">
      <ShopHeader />
      <main className="flex w-full flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
