import { type StaffPermission, staffPermissions } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every admin route and the permission it asks for (issue 27; docs/back-office.md). Several
 * entries: any one of them lets the route in. A route added without an entry fails below.
 */
const REQUIRED: Record<string, StaffPermission[]> = {
  'GET /api/admin/products/get': ['catalog'],
  'POST /api/admin/products/add': ['catalog'],
  'PUT /api/admin/products/edit/{id}': ['catalog'],
  'DELETE /api/admin/products/delete/{id}': ['catalog'],
  'POST /api/admin/products/upload-image': ['catalog', 'content'],
  'GET /api/admin/size-charts/get': ['catalog'],
  'POST /api/admin/size-charts/add': ['catalog'],
  'PUT /api/admin/size-charts/edit/{id}': ['catalog'],
  'DELETE /api/admin/size-charts/delete/{id}': ['catalog'],
  'GET /api/admin/export/products.csv': ['catalog'],
  'POST /api/admin/import/products': ['catalog'],
  'GET /api/admin/orders/get': ['orders.view'],
  'GET /api/admin/orders/details/{id}': ['orders.view'],
  'GET /api/admin/stats/dashboard': ['orders.view'],
  'GET /api/admin/returns/': ['orders.view'],
  'GET /api/admin/returns/report': ['orders.view'],
  'GET /api/admin/export/orders.csv': ['orders.view'],
  'PUT /api/admin/orders/update/{id}': ['orders.update', 'orders.ship'],
  'POST /api/admin/orders/{id}/notes': ['orders.update'],
  'POST /api/admin/returns/{id}/approve': ['orders.update'],
  'POST /api/admin/returns/{id}/refuse': ['orders.update'],
  'POST /api/admin/returns/{id}/receive': ['orders.update'],
  'POST /api/admin/returns/{id}/exception': ['orders.update'],
  'POST /api/admin/orders/{id}/shipments/{shipmentId}/delivered': ['orders.ship'],
  'POST /api/admin/orders/{id}/ship-override': ['orders.refund'],
  'POST /api/admin/orders/{id}/shipments': ['orders.ship'],
  'POST /api/admin/orders/refund/{id}': ['orders.refund'],
  'POST /api/admin/returns/{id}/refund': ['orders.refund'],
  'GET /api/admin/customers/': ['customers'],
  'GET /api/admin/customers/{id}': ['customers'],
  'POST /api/admin/customers/{id}/notes': ['customers'],
  'GET /api/admin/customers/{id}/export': ['customers'],
  'POST /api/admin/customers/{id}/delete': ['customers'],
  'GET /api/admin/export/customers.csv': ['customers'],
  'POST /api/common/feature/add': ['content'],
  'PUT /api/common/feature/edit/{id}': ['content'],
  'DELETE /api/common/feature/delete/{id}': ['content'],
  'GET /api/admin/emails/': ['content'],
  'POST /api/admin/emails/retry/{id}': ['content'],
  'GET /api/admin/shipping-zones/get': ['settings'],
  'POST /api/admin/shipping-zones/add': ['settings'],
  'PUT /api/admin/shipping-zones/edit/{id}': ['settings'],
  'DELETE /api/admin/shipping-zones/delete/{id}': ['settings'],
  'GET /api/admin/tax-rates/get': ['settings'],
  'POST /api/admin/tax-rates/add': ['settings'],
  'PUT /api/admin/tax-rates/edit/{id}': ['settings'],
  'DELETE /api/admin/tax-rates/delete/{id}': ['settings'],
  'GET /api/admin/tax-rates/coverage': ['settings'],
  'POST /api/admin/tax-rates/no-tax/add': ['settings'],
  'DELETE /api/admin/tax-rates/no-tax/delete/{id}': ['settings'],
  'GET /api/admin/discounts/get': ['settings'],
  'POST /api/admin/discounts/add': ['settings'],
  'PUT /api/admin/discounts/edit/{id}': ['settings'],
  'DELETE /api/admin/discounts/delete/{id}': ['settings'],
  'GET /api/admin/staff/': ['staff'],
  'POST /api/admin/staff/': ['staff'],
  'PUT /api/admin/staff/{id}': ['staff'],
  'GET /api/admin/audit/': ['staff'],
  'GET /api/admin/audit/orders/{id}': ['orders.view', 'staff'],
};

/** Guarded routes outside /api/admin (banners live under /api/common/feature). */
const OUTSIDE_ADMIN = /^(POST|PUT|DELETE) \/api\/common\/feature\//;

let t: TestApp;
let shopper: TestUser;
/** One staff member per permission holding only it, and one holding every permission but it. */
const only = new Map<StaffPermission, TestUser>();
const allBut = new Map<string, TestUser>();

beforeAll(async () => {
  t = await createTestApp();
  shopper = await makeUser(t);
  for (const p of staffPermissions) only.set(p, await makeStaff(t, [p]));
  const groups = new Set(Object.values(REQUIRED).map((list) => list.join(',')));
  for (const group of groups) {
    const lacking = staffPermissions.filter((p) => !group.split(',').includes(p));
    allBut.set(group, await makeStaff(t, lacking));
  }
});
afterAll(async () => t.close());

/** Every admin route of the app, read from its own OpenAPI document ("METHOD /path"). */
function adminRoutes() {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => `${m.toUpperCase()} ${path}`)
      .filter((r) => r.split(' ')[1]!.startsWith('/api/admin/') || OUTSIDE_ADMIN.test(r)),
  );
}

const ID = '00000000-0000-4000-8000-000000000001';
function send(route: string, cookie?: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const url = path.replace(/\{[^}]+\}/g, ID);
  // An empty body: the guard must answer before validation does.
  const body = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
  return t.app.inject({ method, url, ...body, headers: cookie ? { cookie } : {} });
}

describe('every admin route asks for its permission on the server', () => {
  it('has a permission for every admin route in the table, and no stale entry', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in REQUIRED))).toEqual([]);
    expect(Object.keys(REQUIRED).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.entries(REQUIRED))(
    '%s: 401 signed out, 403 to a shopper and to staff without %s',
    async (route, accepted) => {
      expect((await send(route)).statusCode).toBe(401);
      expect((await send(route, shopper.cookie)).statusCode).toBe(403);
      const lacking = allBut.get(accepted.join(','))!;
      const refused = await send(route, lacking.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      for (const p of accepted) {
        const res = await send(route, only.get(p)!.cookie);
        expect([401, 403], `${route} with ${p}`).not.toContain(res.statusCode);
      }
    },
  );
});
