import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../server/src/db/schema';
import { makePaidOrder, orderRow, paymentRow } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Seller Protection: PayPal is told where the parcel goes (SET_PROVIDED_ADDRESS) and, once it
// ships, its carrier and tracking number; PayPal being down never holds a shipment.
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

const ship = (app: TestApp, orderId: string, lineId: string, body: object = {}) =>
  app.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: { cookie: admin.cookie },
    payload: {
      lines: [{ lineId, quantity: 1 }],
      carrier: 'usps',
      trackingNumber: '9400 1000',
      ...body,
    },
  });

const shipmentOf = async (orderId: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0]!;

async function paidOrder() {
  const product = await makeProduct(t, { price: 25, totalStock: 10 });
  const paid = await makePaidOrder(t, [{ product, quantity: 2 }]);
  const row = { ...(await orderRow(t, paid.orderId)), payment: await paymentRow(t, paid.orderId) };
  return { ...paid, row, lineId: paid.order.cartItems[0]!.lineId };
}

describe('the PayPal order of a checkout', () => {
  it("carries the order's address and recipient, which the payer cannot change", async () => {
    const { user, row } = await paidOrder();
    const sent = sim.state.orders.get(row.payment.providerOrderId!);
    expect(sent?.shipping).toEqual({
      name: { full_name: row.recipientName || user.email.split('@')[0] },
      address: {
        address_line_1: row.address,
        admin_area_2: row.city,
        ...(row.region ? { admin_area_1: row.region } : {}),
        postal_code: row.pincode,
        country_code: row.country,
      },
    });
    expect(sent?.shipping?.name.full_name).not.toBe('');
  });
});

describe('tracking sent to PayPal', () => {
  it('a parcel shipped goes to PayPal with its carrier, tracking number and capture', async () => {
    const { orderId, row, lineId } = await paidOrder();
    expect((await ship(t, orderId, lineId)).statusCode).toBe(201);
    expect(sim.state.store).toBeDefined();
    const trackers = await sim.state.store.trackersOf(row.payment.providerOrderId!);
    expect(trackers).toMatchObject([
      {
        captureId: row.payment.captureId,
        trackingNumber: '9400 1000',
        carrier: 'USPS',
        notifyPayer: false,
      },
    ]);
    expect(await shipmentOf(orderId)).toMatchObject({
      paypalTracking: 'sent',
      paypalTrackingError: '',
    });
  });

  it('a carrier PayPal does not list goes as OTHER with its name', async () => {
    const { orderId, row, lineId } = await paidOrder();
    expect(
      (await ship(t, orderId, lineId, { carrier: 'dpd', trackingNumber: 'DPD 42' })).statusCode,
    ).toBe(201);
    expect(await sim.state.store.trackersOf(row.payment.providerOrderId!)).toMatchObject([
      { carrier: 'OTHER', carrierNameOther: 'DPD', trackingNumber: 'DPD 42' },
    ]);
  });

  it('PayPal down: the parcel ships anyway, its tracking failed, and the job sends it later', async () => {
    const { orderId, row, lineId } = await paidOrder();
    sim.state.inject({ on: 'track', status: 503, times: 2 });
    const res = await ship(t, orderId, lineId);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shipments).toHaveLength(1);
    const failed = await shipmentOf(orderId);
    expect(failed).toMatchObject({ paypalTracking: 'failed', paypalTrackingAttempts: 1 });
    expect(failed.paypalTrackingError).not.toBe('');
    expect(await sim.state.store.trackersOf(row.payment.providerOrderId!)).toEqual([]);

    expect(await t.app.services.shipments.tracking.retry()).toBeGreaterThanOrEqual(1);
    expect(await shipmentOf(orderId)).toMatchObject({
      paypalTracking: 'sent',
      paypalTrackingAttempts: 2,
    });
    expect(await sim.state.store.trackersOf(row.payment.providerOrderId!)).toHaveLength(1);
    // A second round sends nothing again.
    const calls = sim.state.calls.track;
    await t.app.services.shipments.tracking.retry();
    expect(sim.state.calls.track).toBe(calls);
  });

  it('with PAYPAL_TRACKING=false nothing is sent', async () => {
    const off = await createTestApp({ ...sim.env, PAYPAL_TRACKING: 'false' });
    try {
      const offAdmin = await makeUser(off, { role: 'admin' });
      const product = await makeProduct(off, { price: 25, totalStock: 10 });
      const paid = await makePaidOrder(off, [{ product }]);
      const calls = sim.state.calls.track;
      const res = await off.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${paid.orderId}/shipments`,
        headers: { cookie: offAdmin.cookie },
        payload: {
          lines: [{ lineId: paid.order.cartItems[0]!.lineId, quantity: 1 }],
          carrier: 'ups',
          trackingNumber: '1Z 1',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(sim.state.calls.track).toBe(calls);
      const [parcel] = await off.db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, paid.orderId));
      expect(parcel?.paypalTracking).toBe('off');
    } finally {
      await off.close();
    }
  });
});
