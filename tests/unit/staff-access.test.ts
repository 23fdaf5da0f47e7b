import type { SessionUser } from '@contract/auth';
import { describe, expect, it } from 'vitest';
import { backOfficeHome, canOpen } from '../../web/src/features/admin-staff/access';
import { redirectFor } from '../../web/src/routes/auth-guard';

const packer: SessionUser = {
  id: '3',
  userName: 'Pat',
  email: 'p@x.com',
  role: 'staff',
  permissions: ['orders.view', 'orders.ship'],
};
const writer: SessionUser = { ...packer, permissions: ['content'] };
const shopper: SessionUser = { ...packer, role: 'shopper', permissions: [] };
const admin: SessionUser = { ...packer, role: 'admin', permissions: [] };

describe('the back office for staff (issue 27)', () => {
  it('opens only the pages their permissions name; admins open all, shoppers none', () => {
    expect(canOpen(packer, '/admin/orders')).toBe(true);
    expect(canOpen(packer, '/admin/products')).toBe(false);
    expect(canOpen(packer, '/admin/shipping')).toBe(false);
    expect(canOpen(writer, '/admin/features')).toBe(true);
    expect(canOpen(admin, '/admin/staff')).toBe(true);
    expect(canOpen(shopper, '/admin/orders')).toBe(false);
    // A page missing from the table is closed to staff.
    expect(canOpen(packer, '/admin/unknown')).toBe(false);
  });

  it('lets staff into /admin (the page itself says when it is closed) and lands them on a page they may use', () => {
    expect(redirectFor('/admin/products', packer)).toBeNull();
    expect(redirectFor('/', packer)).toBe('/admin/dashboard');
    expect(redirectFor('/', writer)).toBe('/admin/features');
    expect(backOfficeHome(writer)).toBe('/admin/features');
    expect(redirectFor('/shop/home', writer)).toBe('/admin/features');
    expect(redirectFor('/admin/orders', shopper)).toBe('/unauth-page');
  });
});
