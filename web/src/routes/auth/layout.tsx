import { Outlet } from 'react-router';
import { shopSettings } from '@/lib/shop-settings';
import { SiteFooter } from '@/routes/site-footer';

export function AuthLayout() {
  return (
    <div className="flex min-h-screen w-full flex-col">
      <div className="flex w-full flex-1">
        <div className="hidden w-1/2 items-center justify-center bg-black px-12 lg:flex">
          <div className="max-w-md space-y-6 text-center text-white">
            <h1 className="text-4xl font-extrabold tracking-tight">
              Welcome to {shopSettings().name}
            </h1>
          </div>
        </div>
        <main className="flex flex-1 items-center justify-center bg-background px-4 py-12 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
