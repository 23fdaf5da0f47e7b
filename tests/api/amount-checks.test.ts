import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refunds } from '../../server/src/db/schema';
import {
  createOrder,
  makePaidOrder,
  makeShopperReady,
  orderCall,
  orderRow,
  paymentRow,
} from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Every capture and refund PayPal reports is compared with the order (currency and amount): a
// mismatch is logged, flagged on the order and never recorded as money received or returned.
const WEBHOOK_ID = 'WH-TEST-AMOUNTS';
let t: TestApp;
let sim: Simulator;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator({ webhook: { url: 'http://shop.invalid/hook', id: WEBHOOK_ID } });
  t = await createTestApp({ ...sim.env, PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
  admin = await makeUser(t, { role: 'admin' });
  // The simulator's own deliveries are left out: each test sends the events it means.
  sim.state.webhook!.deliver = async () => {};
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Money = { currency_code: string; value: string };

/**
 * PayPal's answers to `path` (a capture, a refund) as if PayPal had reported `amount`: what a
 * bug or a tampered answer would look like to the shop.
 */
function reportAmount(path: RegExp, amount: Money) {
  const { client } = t.app.services.payments;
  const real = (input: string | URL | Request, init?: RequestInit) => fetch(input, init);
  client.setTransport(async (input, init) => {
    const res = await real(input, init);
    if (!path.test(String(input)) || !res.ok) return res;
    const json = (await res.json()) as Record<string, unknown> & {
      purchase_units?: { payments?: { captures?: { amount?: Money }[] } }[];
    };
    for (const capture of json.purchase_units?.[0]?.payments?.captures ?? []) {
      capture.amount = amount;
    }
    if ('amount' in json) json.amount = amount;
    return new Response(JSON.stringify(json), { status: res.status, headers: res.headers });
  });
  return () => client.setTransport(real);
}

const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: d.headers,
    payload: d.body,
  });

/** A PAYMENT.CAPTURE.REFUNDED of `amount` for the capture, as PayPal signs it. */
const refundEvent = (captureId: string, amount: Money, id: string) =>
  sim.state.signedDelivery(
    {
      id,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: {
        id: `REFUND${id.replace(/\W/g, '')}`,
        status: 'COMPLETED',
        amount,
        links: [{ href: `${sim.url}/v2/payments/captures/${captureId}`, rel: 'up' }],
      },
    },
    sim.url,
  );

async function approvedOrder(price = 30) {
  const product = await makeProduct(t, { price, totalStock: 5 });
  const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
  const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
  const { token } = await visitPayPal(approvalURL);
  return { user, orderId: orderId as string, token };
}

describe('a capture PayPal reports', () => {
  it.each([
    ['another amount', { currency_code: 'USD', value: '1.00' }, 'USD 1.00'],
    ['another currency', { currency_code: 'EUR', value: '60.00' }, 'EUR 60.00'],
  ])(
    'with %s is not recorded as paid: the order fails, flagged and logged',
    async (_what, amount, seen) => {
      const { user, orderId, token } = await approvedOrder();
      const warn = vi.spyOn(t.app.log, 'warn');
      const restore = reportAmount(/\/capture$/, amount);
      try {
        const res = await orderCall(t, user, 'capture', { orderId, paymentId: token });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toContain('does not match');
      } finally {
        restore();
      }
      const row = await orderRow(t, orderId);
      expect(row).toMatchObject({ paymentStatus: 'failed', orderStatus: 'cancelled' });
      expect(row.amountMismatch).toMatchObject({ kind: 'capture', expected: 'USD 60.00', seen });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ orderId, kind: 'capture' }),
        expect.stringContaining('does not match'),
      );
      warn.mockRestore();
      // The admin sees it on the order.
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/details/${orderId}`,
        headers: { cookie: admin.cookie },
      });
      expect(details.json().data.amountMismatch).toMatchObject({ kind: 'capture', seen });
    },
  );

  it('with the order total is paid as before', async () => {
    const { user, orderId, token } = await approvedOrder();
    const res = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({
      paymentStatus: 'paid',
      amountMismatch: null,
    });
  });
});

describe('a refund PayPal reports', () => {
  it('answered with another amount than asked is not recorded as returned', async () => {
    const product = await makeProduct(t, { price: 40 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const restore = reportAmount(/\/refund$/, { currency_code: 'USD', value: '40.00' });
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/refund/${orderId}`,
        headers: { cookie: admin.cookie },
        payload: { amount: 10, reason: 'Late delivery' },
      });
    } finally {
      restore();
    }
    expect(res.statusCode).toBe(409);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
    expect(row.amountMismatch).toMatchObject({
      kind: 'refund',
      expected: 'USD 10.00',
      seen: 'USD 40.00',
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'failed', amountCents: 1000 });
  });

  it('by webhook in another currency is refused with 200 "flagged", and changes no money', async () => {
    const product = await makeProduct(t, { price: 40 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const { captureId: paymentId } = await paymentRow(t, orderId);
    const res = await send(
      refundEvent(paymentId, { currency_code: 'EUR', value: '10.00' }, 'WH-EUR-1'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('flagged');
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
    expect(row.amountMismatch).toMatchObject({ kind: 'refund', seen: 'EUR 10.00' });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    // PayPal delivering it again is a replay: still nothing.
    const again = refundEvent(paymentId, { currency_code: 'EUR', value: '10.00' }, 'WH-EUR-1');
    expect((await send(again)).json().message).toBe('replayed');
  });

  it('by webhook for more than is left is flagged, never clipped to what is left', async () => {
    const product = await makeProduct(t, { price: 40 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const { captureId: paymentId } = await paymentRow(t, orderId);
    const res = await send(
      refundEvent(paymentId, { currency_code: 'USD', value: '45.00' }, 'WH-BIG-1'),
    );
    expect(res.json().message).toBe('flagged');
    expect((await orderRow(t, orderId)).refundedCents).toBe(0);
    // A right one is recorded.
    const ok = await send(
      refundEvent(paymentId, { currency_code: 'USD', value: '15.00' }, 'WH-OK-1'),
    );
    expect(ok.json().message).toBe('processed');
    expect((await orderRow(t, orderId)).refundedCents).toBe(1500);
  });
});
