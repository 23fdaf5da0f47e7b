import type { Order } from '@contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shipments } from '../../server/src/db/schema';
import { toApiOrder } from '../../server/src/modules/orders';
import { makePaidOrder } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { deliver } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// Each parcel has its own delivery; the order is delivered with its last one, and the withdrawal
// period (Directive 2011/83/EU art. 9(2)(b)) runs from that one, counted by Regulation 1182/71.
let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: object, who = admin) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A paid order of a shirt and a cap, sent in two parcels (shirt first). */
async function twoParcels() {
  const [shirt, cap] = await Promise.all([
    makeProduct(t, { title: 'Shirt', totalStock: 5 }),
    makeProduct(t, { title: 'Cap', totalStock: 5 }),
  ]);
  const { user, order } = await makePaidOrder(t, [{ product: shirt }, { product: cap }]);
  for (const item of order.cartItems) {
    const res = await asAdmin('POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [{ lineId: item.lineId, quantity: 1 }],
      carrier: 'dhl',
      trackingNumber: `JJD${item.title.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(201);
  }
  const shipped = toApiOrder((await t.app.services.orders.find(order._id))!);
  return { user, order: shipped, parcels: shipped.shipments.map((s) => s._id) };
}

const parcelOf = (order: Order, id: string) => order.shipments.find((s) => s._id === id)!;

const delivered = (orderId: string, parcel: string, body?: object) =>
  asAdmin('POST', `/api/admin/orders/${orderId}/shipments/${parcel}/delivered`, body);

describe('a parcel is delivered', () => {
  it('by itself; the order with its last parcel, dated by it; again changes nothing', async () => {
    const { order, parcels } = await twoParcels();
    // Both sent two hours ago.
    await t.db
      .update(shipments)
      .set({ createdAt: new Date(Date.now() - 7_200_000) })
      .where(eq(shipments.orderId, order._id));
    const firstAt = new Date(Date.now() - 5_400_000).toISOString();
    const first = await delivered(order._id, parcels[0]!, { deliveredAt: firstAt });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json().data as Order;
    expect(afterFirst.orderStatus).toBe('inShipping');
    expect(afterFirst.deliveredAt).toBeNull();
    expect(parcelOf(afterFirst, parcels[0]!).deliveredAt).not.toBeNull();

    // Arrived one hour ago, after the first (not before it left: 400).
    const tooEarly = new Date(Date.now() - 3 * 3_600_000).toISOString();
    expect((await delivered(order._id, parcels[1]!, { deliveredAt: tooEarly })).statusCode).toBe(
      400,
    );
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const last = await delivered(order._id, parcels[1]!, { deliveredAt: at });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toMatchObject({ orderStatus: 'delivered', deliveredAt: at });
    expect(parcelOf(last.json().data, parcels[1]!).deliveredAt).toBe(at);

    // Idempotent: the first date stays.
    const again = await delivered(order._id, parcels[1]!);
    expect(again.statusCode).toBe(200);
    expect(parcelOf(again.json().data, parcels[1]!).deliveredAt).toBe(at);
    expect(again.json().data.deliveredAt).toBe(at);
  });

  it('asks who you are first, then checks the parcel is of this order and the date', async () => {
    const { order, parcels } = await twoParcels();
    const other = await twoParcels();
    const shopper = await makeUser(t);
    const url = `/api/admin/orders/${order._id}/shipments/${parcels[0]}/delivered`;
    expect((await t.app.inject({ method: 'POST', url, payload: { x: 1 } })).statusCode).toBe(401);
    expect((await asAdmin('POST', url, { x: 1 }, shopper)).statusCode).toBe(403);
    expect((await delivered(order._id, other.parcels[0]!)).statusCode).toBe(404);
    expect((await delivered(order._id, 'nope')).statusCode).toBe(404);
    expect((await delivered('nope', parcels[0]!)).statusCode).toBe(404);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (const body of [{ deliveredAt: future }, { deliveredAt: 'soon' }, { at: 'x' }]) {
      expect((await delivered(order._id, parcels[0]!, body)).statusCode).toBe(400);
    }
    const unchanged = toApiOrder((await t.app.services.orders.find(order._id))!);
    expect(unchanged.shipments.every((s) => s.deliveredAt === null)).toBe(true);
  });

  it('"delivered" for an order with no parcel is refused; with its parcels it marks them', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const { order } = await makePaidOrder(t, [{ product }]);
    const url = `/api/admin/orders/update/${order._id}`;
    const refused = await asAdmin('PUT', url, { orderStatus: 'delivered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no parcel yet/);
    expect((await t.app.services.orders.find(order._id))!.orderStatus).toBe('confirmed');

    const { order: sent } = await twoParcels();
    const ok = await asAdmin('PUT', `/api/admin/orders/update/${sent._id}`, {
      orderStatus: 'delivered',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.shipments.every((s: Order['shipments'][number]) => s.deliveredAt)).toBe(
      true,
    );
  });
});

describe('the withdrawal period', () => {
  it('runs from the last parcel', async () => {
    const { user, order, parcels } = await twoParcels();
    // Both left 60 days ago; the first arrived 40 days ago, the second only now.
    await t.db
      .update(shipments)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(shipments.orderId, order._id));
    const early = new Date(Date.now() - 40 * 86_400_000).toISOString();
    expect((await delivered(order._id, parcels[0]!, { deliveredAt: early })).statusCode).toBe(200);
    const last = await delivered(order._id, parcels[1]!);
    const lastAt = parcelOf(last.json().data, parcels[1]!).deliveredAt;
    expect(last.json().data.deliveredAt).toBe(lastAt);
    const body = {
      orderNumber: order.orderNumber,
      email: user.email,
      name: 'Alex Doe',
      comment: '',
    };
    expect(await t.app.services.withdrawals.withdraw(body as never)).toBe(true);
  });

  it('sent on day 14 at 23:30 in the shop’s time zone is in time, on day 15 at 00:00:30 not', async () => {
    // New York (SHOP_COUNTRY US): delivered Monday 2 March 2026 at 10:00 EST; day 14 is
    // Monday 16 March, in summer time (EDT, UTC-4).
    const { user, order } = await twoParcels();
    await deliver(t, admin, order._id);
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date('2026-03-02T15:00:00Z') })
      .where(eq(orders.id, order._id));
    const body = {
      orderNumber: order.orderNumber,
      email: user.email,
      name: 'Alex Doe',
      comment: '',
    } as never;
    const { withdrawals } = t.app.services;
    expect(await withdrawals.withdraw(body, new Date('2026-03-17T04:00:30Z'))).toBe(false);
    expect(await withdrawals.withdraw(body, new Date('2026-03-17T03:30:00Z'))).toBe(true);
  });
});
