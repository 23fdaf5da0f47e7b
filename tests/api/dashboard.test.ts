import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const dashboard = (user: TestUser | null) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/stats/dashboard',
    headers: user ? { cookie: user.cookie } : {},
  });

describe('admin dashboard', () => {
  it('sums paid orders only (revenue and code discounts), counts every status, lists low stock and 30 days of sales', async () => {
    const shopper = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 50 });
    const low = await makeProduct(t, { totalStock: 2, title: 'Almost gone' });
    const line = (price: number, quantity = 1) => [{ productId: product._id, price, quantity }];
    const coded = await makeOrder(t, { userId: shopper.id, items: line(10, 2) });
    await makeOrder(t, { userId: shopper.id, items: line(5.5), orderStatus: 'inShipping' });
    const unpaid = await makeOrder(t, {
      userId: shopper.id,
      items: line(99),
      paymentStatus: 'pending',
    });
    // Codes took $2.50 off a paid order and $9.90 off one not paid (not given until paid).
    await t.db.update(orders).set({ discountCents: 250 }).where(eq(orders.id, coded.id));
    await t.db.update(orders).set({ discountCents: 990 }).where(eq(orders.id, unpaid.id));
    await makeOrder(t, {
      userId: shopper.id,
      items: line(40),
      paymentStatus: 'cancelled',
      orderStatus: 'cancelled',
    });
    const old = await makeOrder(t, { userId: shopper.id, items: line(7) });
    await t.db
      .update(orders)
      .set({ orderDate: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, old.id));

    const res = await dashboard(admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.revenue).toBe(32.5);
    expect(data.paidOrders).toBe(3);
    expect(data.discountsGiven).toBe(2.5);
    const count = (status: string) =>
      data.ordersByStatus.find((s: { status: string }) => s.status === status).count;
    expect(count('confirmed')).toBe(2);
    expect(count('inShipping')).toBe(1);
    expect(count('pending')).toBe(1);
    expect(count('cancelled')).toBe(1);
    expect(count('delivered')).toBe(0);
    expect(data.lowStock).toContainEqual({
      _id: low._id,
      title: 'Almost gone',
      image: low.image,
      variantId: null,
      size: '',
      color: '',
      totalStock: 2,
    });
    expect(data.lowStock.some((p: { _id: string }) => p._id === product._id)).toBe(false);

    expect(data.salesByDay).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.salesByDay.at(-1)).toEqual({ date: today, revenue: 25.5, orders: 2 });
    const total = data.salesByDay.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0);
    expect(total).toBe(25.5);
  });

  it('is for admins only', async () => {
    expect((await dashboard(null)).statusCode).toBe(401);
    expect((await dashboard(await makeUser(t))).statusCode).toBe(403);
  });
});
