import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePaidOrder } from '../factories/checkout';
import { GUEST_ENV, makeGuestPaidOrder } from '../factories/guests';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createTestApp({ ...sim.env, ...GUEST_ENV });
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
const toFulfil = async () =>
  (await get('/api/admin/stats/dashboard')).json().data.ordersToFulfil as number;

const byStatus = async () => {
  const rows = (await get('/api/admin/stats/dashboard')).json().data.ordersByStatus as Array<{
    status: string;
    count: number;
  }>;
  return Object.fromEntries(rows.map((r) => [r.status, r.count])) as Record<string, number>;
};

describe('who placed an order, for the admin', () => {
  it("an account order carries the account's name, email and customer page; a guest's its recipient and email", async () => {
    const product = await makeProduct(t, { totalStock: 10 });
    const { user, orderId } = await makePaidOrder(t, [{ product }]);
    const guest = await makeGuestPaidOrder(t, [{ product }]);
    const list = (await get('/api/admin/orders/get')).json().data as Array<{
      _id: string;
      customer: { name: string; email: string; customerId: string | null };
    }>;
    const account = { name: user.userName, email: user.email, customerId: user.id };
    expect(list.find((o) => o._id === orderId)?.customer).toEqual(account);
    const guestCustomer = list.find((o) => o._id === guest.orderId)?.customer;
    expect(guestCustomer).toMatchObject({ email: guest.email, customerId: null });
    expect(guestCustomer?.name).toBe(guest.order.addressInfo.name);
    const details = (await get(`/api/admin/orders/details/${orderId}`)).json().data;
    expect(details.customer).toEqual(account);
    expect(details.notes).toEqual([]);
  });

  it('an order wholly withdrawn before shipping is not to fulfil, and counts as Withdrawn', async () => {
    const product = await makeProduct(t, { totalStock: 10 });
    const { user, order, orderId } = await makePaidOrder(t, [{ product, quantity: 2 }]);
    const before = await toFulfil();
    const statusBefore = await byStatus();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/withdrawals',
      payload: { name: 'Alex Doe', orderNumber: `#${order.orderNumber}`, email: user.email },
    });
    expect(res.statusCode).toBe(202);
    // The withdrawal is recorded after its answer.
    for (let i = 0; i < 100 && (await toFulfil()) === before; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await toFulfil()).toBe(before - 1);
    const statusAfter = await byStatus();
    expect(statusAfter.confirmed).toBe(statusBefore.confirmed! - 1);
    expect(statusAfter.withdrawn).toBe(statusBefore.withdrawn! + 1);
    const details = (await get(`/api/admin/orders/details/${orderId}`)).json().data;
    expect(details.orderStatus).toBe('confirmed');
    expect(details.returns).toMatchObject([{ kind: 'withdrawal', status: 'requested' }]);
  });
});
