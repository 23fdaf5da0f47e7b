import { createBrowserRouter } from 'react-router';
import { ForgotPasswordPage } from '@/routes/auth/forgot-password';
import { AuthLayout } from '@/routes/auth/layout';
import { LoginPage } from '@/routes/auth/login';
import { RegisterPage } from '@/routes/auth/register';
import { ResetPasswordPage } from '@/routes/auth/reset-password';
import { AuthGuard } from '@/routes/auth-guard';
import { NotFoundPage } from '@/routes/not-found';
import { RouteError } from '@/routes/route-error';
import { UnauthPage } from '@/routes/unauth-page';

// Sign-in pages are in the first bundle; the shop and the admin panel load on demand, so a
// shopper never downloads admin code.
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthGuard />,
        children: [
          { path: '/', element: null },
          {
            path: '/auth',
            element: <AuthLayout />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },
          {
            path: '/admin',
            lazy: () => import('@/routes/admin/layout'),
            children: [
              { path: 'dashboard', lazy: () => import('@/routes/admin/dashboard') },
              { path: 'products', lazy: () => import('@/routes/admin/products') },
              { path: 'orders', lazy: () => import('@/routes/admin/orders') },
              { path: 'features', lazy: () => import('@/routes/admin/features') },
            ],
          },
          {
            path: '/shop',
            lazy: () => import('@/routes/shop/layout'),
            children: [
              { path: 'home', lazy: () => import('@/routes/shop/home') },
              { path: 'listing', lazy: () => import('@/routes/shop/listing') },
              { path: 'search', lazy: () => import('@/routes/shop/search') },
              { path: 'product/:id', lazy: () => import('@/routes/shop/product') },
              { path: 'checkout', lazy: () => import('@/routes/shop/checkout') },
              { path: 'account', lazy: () => import('@/routes/shop/account') },
              { path: 'saved', lazy: () => import('@/routes/shop/saved') },
              { path: 'paypal-return', lazy: () => import('@/routes/shop/paypal-return') },
              { path: 'paypal-cancel', lazy: () => import('@/routes/shop/paypal-cancel') },
              { path: 'payment-success', lazy: () => import('@/routes/shop/payment-success') },
            ],
          },
        ],
      },
      { path: '/unauth-page', element: <UnauthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
