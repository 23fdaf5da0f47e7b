import { pages } from '@contract/pages';
import type { RouteObject } from 'react-router';
import { AuthLayout } from '@/routes/auth/layout';
import { AuthGuard } from '@/routes/auth-guard';
import { RouteError } from '@/routes/route-error';
import { UnauthPage } from '@/routes/unauth-page';

// Paths come from contract/pages.ts, which the server reads to answer 404 for any other page.
// Layouts carry no path of their own, so `/shop` or `/admin` alone is not a page either.
// Every page loads on demand (the server preloads the one it sends, plugins/web-shell.ts): a
// shopper never downloads admin code, nor the sign-in forms with a shop page.
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthGuard />,
        children: [
          { path: pages.root, element: null },
          {
            element: <AuthLayout />,
            children: [
              { path: pages.login, lazy: () => import('@/routes/auth/login') },
              { path: pages.register, lazy: () => import('@/routes/auth/register') },
              { path: pages.forgotPassword, lazy: () => import('@/routes/auth/forgot-password') },
              { path: pages.resetPassword, lazy: () => import('@/routes/auth/reset-password') },
            ],
          },
          {
            lazy: () => import('@/routes/admin/layout'),
            children: [
              { path: pages.adminDashboard, lazy: () => import('@/routes/admin/dashboard') },
              { path: pages.adminProducts, lazy: () => import('@/routes/admin/products') },
              { path: pages.adminSizeCharts, lazy: () => import('@/routes/admin/size-charts') },
              { path: pages.adminOrders, lazy: () => import('@/routes/admin/orders') },
              { path: pages.adminFeatures, lazy: () => import('@/routes/admin/features') },
              { path: pages.adminShipping, lazy: () => import('@/routes/admin/shipping') },
              { path: pages.adminTaxes, lazy: () => import('@/routes/admin/taxes') },
              { path: pages.adminDiscounts, lazy: () => import('@/routes/admin/discounts') },
              { path: pages.adminReturns, lazy: () => import('@/routes/admin/returns') },
              { path: pages.adminAudit, lazy: () => import('@/routes/admin/audit') },
              { path: pages.adminImportExport, lazy: () => import('@/routes/admin/import-export') },
              { path: pages.adminCustomers, lazy: () => import('@/routes/admin/customers') },
              { path: pages.adminStaff, lazy: () => import('@/routes/admin/staff') },
              { path: pages.adminCustomer, lazy: () => import('@/routes/admin/customer') },
            ],
          },
          {
            lazy: () => import('@/routes/shop/layout'),
            children: [
              { path: pages.shopHome, lazy: () => import('@/routes/shop/home') },
              { path: pages.shopListing, lazy: () => import('@/routes/shop/listing') },
              { path: pages.shopSearch, lazy: () => import('@/routes/shop/search') },
              { path: pages.shopProduct, lazy: () => import('@/routes/shop/product') },
              { path: pages.shopCheckout, lazy: () => import('@/routes/shop/checkout') },
              { path: pages.shopAccount, lazy: () => import('@/routes/shop/account') },
              { path: pages.shopSaved, lazy: () => import('@/routes/shop/saved') },
              { path: pages.paypalReturn, lazy: () => import('@/routes/shop/paypal-return') },
              { path: pages.paypalCancel, lazy: () => import('@/routes/shop/paypal-cancel') },
              { path: pages.paymentSuccess, lazy: () => import('@/routes/shop/payment-success') },
              { path: pages.shopOrderLookup, lazy: () => import('@/routes/shop/order-lookup') },
              { path: pages.shopWithdraw, lazy: () => import('@/routes/shop/withdraw') },
              { path: pages.shopOrderStatus, lazy: () => import('@/routes/shop/order-status') },
              { path: pages.shopClaimOrders, lazy: () => import('@/routes/shop/claim-orders') },
            ],
          },
        ],
      },
      { path: pages.unauth, element: <UnauthPage /> },
      // Legal and help pages: outside the guard, so visitors who are not signed in read them.
      { path: pages.infoPage, lazy: () => import('@/routes/info/page') },
      { path: '*', lazy: () => import('@/routes/not-found') },
    ],
  },
];
