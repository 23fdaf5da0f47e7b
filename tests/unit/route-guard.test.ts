import type { SessionUser } from '@contract/auth';
import { describe, expect, it } from 'vitest';
import { redirectFor, safeRedirect } from '../../web/src/routes/auth-guard';

const shopper: SessionUser = {
  id: '1',
  userName: 'Sam',
  email: 's@x.com',
  role: 'shopper',
  permissions: [],
};
const admin: SessionUser = {
  id: '2',
  userName: 'Ada',
  email: 'a@x.com',
  role: 'admin',
  permissions: [],
};

describe('SPEC §6 redirects', () => {
  it.each([
    ['/', null, '/auth/login'],
    ['/', shopper, '/shop/home'],
    ['/', admin, '/admin/dashboard'],
    ['/auth/login', null, null],
    ['/auth/register', null, null],
    ['/shop/home', null, '/auth/login'],
    ['/shop/listing', null, '/auth/login?redirect=%2Fshop%2Flisting'],
    ['/admin/products', null, '/auth/login?redirect=%2Fadmin%2Fproducts'],
    ['/auth/login', shopper, '/shop/home'],
    ['/auth/register', admin, '/admin/dashboard'],
    ['/admin/products', shopper, '/unauth-page'],
    ['/shop/listing', admin, '/admin/dashboard'],
    ['/shop/account', shopper, null],
    ['/admin/orders', admin, null],
    ['/auth/forgot-password', null, null],
    ['/auth/forgot-password', shopper, '/shop/home'],
    ['/auth/reset-password', null, null],
    ['/auth/reset-password', shopper, null],
  ] as const)('%s as %o goes to %s', (path, user, target) => {
    expect(redirectFor(path, user)).toBe(target);
  });
});

describe('GUEST_CHECKOUT', () => {
  it.each([
    ['/shop/checkout', null],
    ['/shop/paypal-return', null],
    ['/shop/paypal-cancel', null],
    ['/shop/account', '/auth/login?redirect=%2Fshop%2Faccount'],
    ['/shop/payment-success', '/auth/login?redirect=%2Fshop%2Fpayment-success'],
    ['/shop/claim-orders', '/auth/login?redirect=%2Fshop%2Fclaim-orders'],
  ] as const)('lets a visitor open %s (or sends it to %s)', (path, target) => {
    expect(redirectFor(path, null, '', true, true)).toBe(target);
    // Off, the spec's login wall stands.
    expect(redirectFor(path, null, '', true, false)).not.toBeNull();
  });

  it('opens a guest order’s status page, the lookup and the data request to anyone, whatever the settings', () => {
    const paths = ['/shop/order/abc123', '/shop/order/lookup', '/shop/order/privacy'];
    for (const path of [...paths, '/shop/order/privacy/abc123']) {
      expect(redirectFor(path, null)).toBeNull();
      expect(redirectFor(path, shopper)).toBeNull();
    }
  });
});

describe('signing in returns to the page the visitor was going to', () => {
  it('keeps the path and query of a guarded page', () => {
    const target = redirectFor('/shop/paypal-return', null, '?token=ABC&PayerID=XYZ');
    expect(target).toBe(
      '/auth/login?redirect=%2Fshop%2Fpaypal-return%3Ftoken%3DABC%26PayerID%3DXYZ',
    );
    const search = new URL(target!, 'http://x').search;
    expect(redirectFor('/auth/login', shopper, search)).toBe(
      '/shop/paypal-return?token=ABC&PayerID=XYZ',
    );
  });

  it('returns each user only to a page of theirs: admins to the back office (SPEC §6)', () => {
    const to = (path: string) => `?redirect=${encodeURIComponent(path)}`;
    expect(redirectFor('/auth/login', admin, to('/shop/checkout'))).toBe('/admin/dashboard');
    expect(redirectFor('/auth/login', admin, to('/admin/orders?page=2'))).toBe(
      '/admin/orders?page=2',
    );
    expect(redirectFor('/auth/login', shopper, to('/admin/orders'))).toBe('/shop/home');
    expect(redirectFor('/auth/register', shopper, to('/shop/checkout'))).toBe('/shop/checkout');
  });

  it.each([
    'https://evil.example/shop',
    '//evil.example/shop',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/auth/login?redirect=/auth/login',
    '',
  ])('refuses %s and goes home instead', (value) => {
    expect(safeRedirect(value.replace('\\t', '\t'))).toBeNull();
    expect(redirectFor('/auth/login', shopper, `?redirect=${encodeURIComponent(value)}`)).toBe(
      '/shop/home',
    );
  });
});
