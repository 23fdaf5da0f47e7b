import type { Order } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, returns } from '../../server/src/db/schema';
import { makePaidOrder, orderCall, orderRow } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 26: what a first parcel and a withdrawal change for the rest of the order.
let t: TestApp;
let sim: Simulator;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createTestApp(sim.env);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const ship = (id: string, lines: { lineId: string; quantity: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/shipments`,
    headers: { cookie: admin.cookie },
    payload: { lines, carrier: 'dhl', trackingNumber: 'JD0001' },
  });

async function paidOrder() {
  const shirt = await makeProduct(t, { title: 'Linen shirt', price: 40, totalStock: 10 });
  const cap = await makeProduct(t, { title: 'Wool cap', price: 15, totalStock: 10 });
  const paid = await makePaidOrder(t, [
    { product: shirt, quantity: 2 },
    { product: cap, quantity: 1 },
  ]);
  const line = (title: string) => paid.order.cartItems.find((i) => i.title === title)!.lineId;
  return { ...paid, shirt: line('Linen shirt'), cap: line('Wool cap') };
}

describe('after a first parcel', () => {
  it('the shopper can no longer cancel (and nothing is refunded)', async () => {
    const { user, orderId, shirt } = await paidOrder();
    const parcel = await ship(orderId, [{ lineId: shirt, quantity: 1 }]);
    expect(parcel.statusCode).toBe(201);
    expect((parcel.json().data as Order).orderStatus).toBe('inProcess');

    const cancel = await orderCall(t, user, 'cancel', { orderId });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('This order has shipped and can no longer be cancelled');
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ orderStatus: 'inProcess', refundedCents: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });

  it('a shopper can still cancel an order in process with nothing shipped', async () => {
    const { user, orderId } = await paidOrder();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { orderStatus: 'inProcess' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await orderCall(t, user, 'cancel', { orderId })).statusCode).toBe(200);
  });
});

describe('a withdrawal before shipping', () => {
  it('keeps its units out of every later parcel', async () => {
    const { user, orderId, order, shirt, cap } = await paidOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/withdrawals',
      payload: {
        orderNumber: order.orderNumber,
        email: user.email,
        name: 'Alex Doe',
        lines: [{ lineId: shirt, quantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(202);
    // The withdrawal is recorded after its answer.
    const until = Date.now() + 5000;
    while ((await t.db.select().from(returns).where(eq(returns.orderId, orderId))).length === 0) {
      if (Date.now() > until) throw new Error('the withdrawal was not recorded');
      await new Promise((r) => setTimeout(r, 50));
    }

    const tooMany = await ship(orderId, [{ lineId: shirt, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 of Linen shirt is left to ship');

    const rest = await ship(orderId, [
      { lineId: shirt, quantity: 1 },
      { lineId: cap, quantity: 1 },
    ]);
    expect(rest.statusCode).toBe(201);
    // Everything not withdrawn has left: the order is in shipping.
    expect((rest.json().data as Order).orderStatus).toBe('inShipping');
  });
});
