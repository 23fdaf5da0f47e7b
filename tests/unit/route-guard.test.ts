import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth';
import { redirectFor } from '../../web/src/routes/auth-guard';

const shopper: SessionUser = { id: '1', userName: 'Sam', email: 's@x.com', role: 'shopper' };
const admin: SessionUser = { id: '2', userName: 'Ada', email: 'a@x.com', role: 'admin' };

describe('SPEC §6 redirects', () => {
  it.each([
    ['/', null, '/auth/login'],
    ['/', shopper, '/shop/home'],
    ['/', admin, '/admin/dashboard'],
    ['/auth/login', null, null],
    ['/auth/register', null, null],
    ['/shop/home', null, '/auth/login'],
    ['/admin/products', null, '/auth/login'],
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
