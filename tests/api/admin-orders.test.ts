import { adminOrderStatuses } from '@contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { shipRest } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
});
afterAll(async () => t.close());

const call = (user: TestUser | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function paidOrder() {
  const product = await makeProduct(t);
  return makeOrder(t, {
    userId: shopper.id,
    items: [{ productId: product._id, quantity: 2, price: 12.5, title: product.title }],
  });
}

describe('admin orders', () => {
  it('lists every order newest first, with paging', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const res = await call(admin, 'GET', '/api/admin/orders/get');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((o: { _id: string }) => o._id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.data.find((o: { _id: string }) => o._id === first.id)).toMatchObject({
      userId: shopper.id,
      totalAmount: 25,
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      cartItems: [{ quantity: 2, price: 12.5 }],
    });
    expect(body.pagination).toMatchObject({ page: 1, limit: 50 });
    const page = await call(admin, 'GET', '/api/admin/orders/get?page=2&limit=1');
    expect(page.json().data.map((o: { _id: string }) => o._id)).toEqual([first.id]);
    expect((await call(admin, 'GET', '/api/admin/orders/get?limit=500')).statusCode).toBe(400);
  });

  it('shows one order, 404 for unknown or malformed ids', async () => {
    const order = await paidOrder();
    const res = await call(admin, 'GET', `/api/admin/orders/details/${order.id}`);
    expect(res.json().data).toMatchObject({
      _id: order.id,
      addressInfo: { address: '1 Test Street', city: 'Testville' },
    });
    expect((await call(admin, 'GET', '/api/admin/orders/details/nope')).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin, 'GET', `/api/admin/orders/details/${unknown}`)).statusCode).toBe(404);
  });

  it('sets each allowed status and answers the message shown as a toast', async () => {
    const order = await paidOrder();
    // Delivered is its parcels' state: the order ships before it can be.
    await shipRest(t, admin, order.id);
    for (const orderStatus of adminOrderStatuses) {
      const res = await call(admin, 'PUT', `/api/admin/orders/update/${order.id}`, { orderStatus });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Order status is updated successfully!',
        data: { orderStatus },
      });
    }
    const shown = await call(shopper, 'GET', `/api/shop/order/details/${order.id}`);
    expect(shown.json().data.orderStatus).toBe('rejected');
  });

  it('accepts only the allowed statuses', async () => {
    const order = await paidOrder();
    for (const orderStatus of ['confirmed', 'cancelled', 'shipped', '', 3]) {
      const res = await call(admin, 'PUT', `/api/admin/orders/update/${order.id}`, { orderStatus });
      expect(res.statusCode, String(orderStatus)).toBe(400);
    }
    const extra = await call(admin, 'PUT', `/api/admin/orders/update/${order.id}`, {
      orderStatus: 'inShipping',
      paymentStatus: 'paid',
    });
    expect(extra.statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await call(admin, 'PUT', `/api/admin/orders/update/${unknown}`, {
      orderStatus: 'inShipping',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('leaves unpaid and cancelled orders to the payment flow', async () => {
    const product = await makeProduct(t);
    for (const paymentStatus of ['pending', 'cancelled'] as const) {
      const order = await makeOrder(t, {
        userId: shopper.id,
        items: [{ productId: product._id }],
        paymentStatus,
        orderStatus: paymentStatus,
      });
      const res = await call(admin, 'PUT', `/api/admin/orders/update/${order.id}`, {
        orderStatus: 'inShipping',
      });
      expect(res.statusCode).toBe(409);
    }
  });

  it('is for admins only', async () => {
    const order = await paidOrder();
    expect((await call(null, 'GET', '/api/admin/orders/get')).statusCode).toBe(401);
    expect((await call(shopper, 'GET', '/api/admin/orders/get')).statusCode).toBe(403);
    expect((await call(shopper, 'GET', `/api/admin/orders/details/${order.id}`)).statusCode).toBe(
      403,
    );
    const upd = await call(shopper, 'PUT', `/api/admin/orders/update/${order.id}`, {
      orderStatus: 'delivered',
    });
    expect(upd.statusCode).toBe(403);
  });
});
