import { type AdminPageId, adminPages } from '@contract/admin-pages';
import { pages } from '@contract/pages';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AuthLayout } from '@/routes/auth/layout';
import { AuthGuard } from '@/routes/auth-guard';
import { UnauthPage } from '@/routes/unauth-page';
import { routeModule } from './route-module';

// Paths come from contract/pages.ts, which the server reads to answer 404 for any other page.
// Layouts carry no path of their own, so `/shop` or `/admin` alone is not a page either.
// Every page loads on demand (route-module.ts; the server preloads the one it sends,
// page-shell/web-shell.ts): a shopper never downloads admin code, nor the sign-in forms with a
// shop page. Errors are shown by app-routes.tsx's boundary.
// The back-office pages' modules, by their table's ids (contract/admin-pages.ts): each its own chunk.
const adminModules = import.meta.glob<{ Component: ComponentType }>([
  '../routes/admin/*.tsx',
  '!../routes/admin/layout.tsx',
  '!../routes/admin/placeholder.tsx',
]);

function adminModule(id: AdminPageId) {
  const load = adminModules[`../routes/admin/${id}.tsx`];
  if (!load) throw new Error(`no module web/src/routes/admin/${id}.tsx for the admin page ${id}`);
  return load;
}

export const routes: RouteObject[] = [
  {
    children: [
      {
        element: <AuthGuard />,
        children: [
          { path: pages.root, element: null },
          {
            element: <AuthLayout />,
            children: [
              { path: pages.login, Component: routeModule(() => import('@/routes/auth/login')) },
              {
                path: pages.register,
                Component: routeModule(() => import('@/routes/auth/register')),
              },
              {
                path: pages.forgotPassword,
                Component: routeModule(() => import('@/routes/auth/forgot-password')),
              },
              {
                path: pages.resetPassword,
                Component: routeModule(() => import('@/routes/auth/reset-password')),
              },
            ],
          },
          {
            Component: routeModule(() => import('@/routes/admin/layout')),
            children: [
              ...adminPages.map((page) => ({
                path: page.path,
                Component: routeModule(adminModule(page.id)),
              })),
            ],
          },
          {
            Component: routeModule(() => import('@/routes/shop/layout')),
            children: [
              { path: pages.shopHome, Component: routeModule(() => import('@/routes/shop/home')) },
              {
                path: pages.shopListing,
                Component: routeModule(() => import('@/routes/shop/listing')),
              },
              {
                path: pages.shopSearch,
                Component: routeModule(() => import('@/routes/shop/search')),
              },
              {
                path: pages.shopProduct,
                Component: routeModule(() => import('@/routes/shop/product')),
              },
              {
                path: pages.shopCheckout,
                Component: routeModule(() => import('@/routes/shop/checkout')),
              },
              {
                path: pages.shopAccount,
                Component: routeModule(() => import('@/routes/shop/account')),
              },
              {
                path: pages.shopSaved,
                Component: routeModule(() => import('@/routes/shop/saved')),
              },
              {
                path: pages.paypalReturn,
                Component: routeModule(() => import('@/routes/shop/paypal-return')),
              },
              {
                path: pages.paypalCancel,
                Component: routeModule(() => import('@/routes/shop/paypal-cancel')),
              },
              {
                path: pages.paymentSuccess,
                Component: routeModule(() => import('@/routes/shop/payment-success')),
              },
              {
                path: pages.shopOrderLookup,
                Component: routeModule(() => import('@/routes/shop/order-lookup')),
              },
              {
                path: pages.shopWithdraw,
                Component: routeModule(() => import('@/routes/shop/withdraw')),
              },
              {
                path: pages.shopOrderPrivacy,
                Component: routeModule(() => import('@/routes/shop/order-privacy')),
              },
              {
                path: pages.shopOrderPrivacyLink,
                Component: routeModule(() => import('@/routes/shop/order-privacy-link')),
              },
              {
                path: pages.shopOrderStatus,
                Component: routeModule(() => import('@/routes/shop/order-status')),
              },
              {
                path: pages.shopClaimOrders,
                Component: routeModule(() => import('@/routes/shop/claim-orders')),
              },
            ],
          },
        ],
      },
      { path: pages.unauth, element: <UnauthPage /> },
      // Legal and help pages: outside the guard, so visitors who are not signed in read them.
      { path: pages.infoPage, Component: routeModule(() => import('@/routes/info/page')) },
      { path: '*', Component: routeModule(() => import('@/routes/not-found')) },
    ],
  },
];
