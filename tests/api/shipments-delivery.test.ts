import { periodEnd, shopCalendar } from '@contract/legal-periods';
import type { Order } from '@contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePaidOrder } from '../factories/checkout';
import { GUEST_ENV, makeGuestPaidOrder } from '../factories/guests';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
let admin: TestUser;
const ZONE = 'Pacific/Auckland';
/**
 * A window other than the default whose last day, counted from today in the shop's zone, is a
 * Saturday: the message must name the Monday after it (Regulation 1182/71 art. 3(4)).
 */
const returnDays = (() => {
  const weekday = new Date().toLocaleDateString('en-US', { weekday: 'short', timeZone: ZONE });
  const today = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday);
  return 21 + ((6 - ((today + 21) % 7) + 7) % 7);
})();
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({
    ...sim.env,
    ...smtp.env,
    ...GUEST_ENV,
    RETURN_DAYS: String(returnDays),
    SHOP_TIME_ZONE: ZONE,
  });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

/** Ships every line of the order in one parcel. */
const shipAll = (order: Order, trackingNumber = 'JJD000390007') =>
  asAdmin('POST', `/api/admin/orders/${order._id}/shipments`, {
    lines: order.cartItems.map((i) => ({ lineId: i.lineId, quantity: i.quantity })),
    carrier: 'dhl',
    trackingNumber,
  });

const dhlLink = (n: string) =>
  `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?tracking-id=${n}`;

/** The window's last day as the law counts it (Regulation 1182/71), named in the shop's zone. */
const lastDay = (deliveredAt: string, days: number) =>
  periodEnd(deliveredAt, days, shopCalendar(ZONE, [])).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: ZONE,
  });

describe('delivered', () => {
  it('emails the return window, RETURN_DAYS from the first delivery counted in the shop’s zone, with the order link', async () => {
    const product = await makeProduct(t, { title: 'Rain jacket', totalStock: 5 });
    const { user, order } = await makePaidOrder(t, [{ product }]);
    expect((await shipAll(order)).statusCode).toBe(201);
    const delivered = await asAdmin('PUT', `/api/admin/orders/update/${order._id}`, {
      orderStatus: 'delivered',
    });
    expect(delivered.statusCode).toBe(200);
    const deliveredAt = (delivered.json().data as Order).deliveredAt!;
    expect(Date.parse(deliveredAt)).toBeGreaterThan(Date.now() - 60_000);

    const mails = await smtp.waitFor(3, user.email);
    const mail = mails.find((m) => m.subject.includes('Delivered'))!;
    expect(mail.subject).toBe(`Order #${order.orderNumber}: Delivered · The E-Commerce Store`);
    const until = lastDay(deliveredAt, returnDays);
    expect(until).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const monday = new Date(Date.parse(`${until} 12:00 UTC`)).getUTCDay();
    expect(monday).toBe(1);
    expect(mail.text).toContain(`You can return items until ${until}`);
    expect(mail.text).toContain('See your orders: http://localhost:5000/shop/account');

    // Marked delivered again later: the date, and so the window, stay.
    await asAdmin('PUT', `/api/admin/orders/update/${order._id}`, { orderStatus: 'inShipping' });
    const again = await asAdmin('PUT', `/api/admin/orders/update/${order._id}`, {
      orderStatus: 'delivered',
    });
    expect(again.json().data.deliveredAt).toBe(deliveredAt);
  });
});

describe('order answers carry the shipments', () => {
  it('for the shopper, in the list and the details, and for the admin', async () => {
    const product = await makeProduct(t, { title: 'Denim', totalStock: 5 });
    const { user, order } = await makePaidOrder(t, [{ product, quantity: 2 }]);
    expect((await shipAll(order, 'JD0001')).statusCode).toBe(201);
    const expected = [
      {
        _id: expect.any(String),
        carrier: 'dhl',
        trackingNumber: 'JD0001',
        trackingUrl: dhlLink('JD0001'),
        lines: [{ lineId: order.cartItems[0]!.lineId, quantity: 2 }],
        createdAt: expect.any(String),
        deliveredAt: null,
      },
    ];
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } });
    const list = await get(`/api/shop/order/list/${user.id}`, user.cookie);
    expect(list.json().data[0]).toMatchObject({ shipments: expected, deliveredAt: null });
    const details = await get(`/api/shop/order/details/${order._id}`, user.cookie);
    expect(details.json().data.shipments).toEqual(expected);
    const adminList = await get('/api/admin/orders/get?limit=100', admin.cookie);
    const row = (adminList.json().data as Order[]).find((o) => o._id === order._id)!;
    expect(row.shipments).toEqual(expected);
    const adminDetails = await get(`/api/admin/orders/details/${order._id}`, admin.cookie);
    expect(adminDetails.json().data.shipments).toEqual(expected);
    // Orders not shipped carry none, in the same list.
    const others = (adminList.json().data as Order[]).filter((o) => o._id !== order._id);
    expect(others.every((o) => Array.isArray(o.shipments))).toBe(true);
  });

  it("for a guest, on the status page and in the email sent to the guest's address", async () => {
    const product = await makeProduct(t, { title: 'Guest scarf', totalStock: 5 });
    const { email, order, statusToken } = await makeGuestPaidOrder(t, [{ product }]);
    expect((await shipAll(order, 'GUEST-77')).statusCode).toBe(201);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/status/${statusToken}`,
    });
    expect(status.json().data.shipments).toMatchObject([
      { carrier: 'dhl', trackingNumber: 'GUEST-77', trackingUrl: dhlLink('GUEST-77') },
    ]);

    const mails = await smtp.waitFor(2, email);
    const shipped = mails.find((m) => m.subject.includes('has shipped'))!;
    expect(shipped.subject).toBe(
      `Your order #${order.orderNumber} has shipped · The E-Commerce Store`,
    );
    expect(shipped.text).toContain(`Track this parcel: ${dhlLink('GUEST-77')}`);
    expect(shipped.text).toContain('Guest scarf × 1');
    // The guest's own status link, which opens the order.
    const link = shipped.text.match(/See your order: (\S+)/)?.[1] ?? '';
    const opened = await t.app.inject({
      method: 'GET',
      url: new URL(link).pathname.replace('/shop/order/', '/api/shop/order/status/'),
    });
    expect(opened.json().data._id).toBe(order._id);
  });
});
