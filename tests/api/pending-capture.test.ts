import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountRedemptions, emailOutbox } from '../../server/src/db/schema';
import type { WebhookDelivery } from '../../server/src/modules/payments/simulator/simulator-webhooks';
import {
  cartOf,
  createOrder,
  makeShopperReady,
  orderCall,
  orderRow,
  paymentRow,
  stockOf,
} from '../factories/checkout';
import { makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { endCaptureReview, type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Only a COMPLETED capture is paid: PayPal may answer the capture of an approved order with the
// order COMPLETED and its capture PENDING (a review) or DECLINED. A PENDING one waits as
// pending_capture until PayPal completes (paid) or denies (failed) it.
const WEBHOOK_ID = 'WH-TEST-PENDING';
let t: TestApp;
let sim: Simulator;
let admin: TestUser;
let autoDeliver = true;
const delivered: WebhookDelivery[] = [];
beforeAll(async () => {
  sim = await startSimulator({ webhook: { url: 'http://shop.invalid/hook', id: WEBHOOK_ID } });
  t = await createTestApp({ ...sim.env, PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
  sim.state.webhook!.deliver = async (d) => {
    delivered.push(d);
    if (autoDeliver) await send(d);
  };
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: d.headers,
    payload: d.body,
  });

async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

const mailsTo = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).map(
    (m) => m.template,
  );
const redemption = async (orderId: string) =>
  (
    await t.db
      .select({ status: discountRedemptions.status })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, orderId))
  )[0]?.status;

/** A shopper checks out 2 of 5 with a code and picks `button` at PayPal, then returns. */
async function checkout(button: 'review' | 'decline') {
  const product = await makeProduct(t, { totalStock: 5, price: 20 });
  const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
  const discount = await makeDiscount(t, { usageLimit: 5 });
  const created = await createOrder(t, user, addressId, { discountCode: discount.code });
  expect(created.statusCode, created.body).toBe(201);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const { token } = await visitPayPal(approvalURL, button);
  const captured = await orderCall(t, user, 'capture', { orderId, paymentId: token });
  return { product, user, orderId, paypalOrderId: token, captured, code: discount.code };
}

const ship = (orderId: string, lineId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: { cookie: admin.cookie },
    payload: {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ lineId, quantity: 2 }],
    },
  });
const setStatus = (orderId: string, orderStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/update/${orderId}`,
    headers: { cookie: admin.cookie },
    payload: { orderStatus },
  });

describe('a capture PayPal answers PENDING', () => {
  it('is recorded as pending_capture, not paid: no confirmation, nothing ships', async () => {
    autoDeliver = true;
    const { product, user, orderId, captured } = await checkout('review');
    expect(captured.statusCode).toBe(200);
    const answer = captured.json();
    expect(answer).toMatchObject({
      success: true,
      message: 'Payment pending at PayPal',
      data: {
        paymentStatus: 'pending_capture',
        orderStatus: 'pending',
        paymentPendingReason: 'PENDING_REVIEW',
      },
    });
    const row = await orderRow(t, orderId);
    expect(row.paymentStatus).toBe('pending_capture');
    const payment = await paymentRow(t, orderId);
    expect(payment.captureId).toMatch(/^[A-Z0-9]{17}$/);
    expect(payment.capturePendingReason).toBe('PENDING_REVIEW');
    // The stock and the code's use stay held; the cart that was checked out is emptied.
    expect(await stockOf(t, product._id)).toBe(3);
    expect(await redemption(orderId)).toBe('held');
    expect(await cartOf(t, user)).toEqual([]);
    // The PAYMENT.CAPTURE.PENDING webhook that follows changes nothing.
    await until(async () => delivered.some((d) => d.body.includes('PAYMENT.CAPTURE.PENDING')));
    await new Promise((r) => setTimeout(r, 100));
    expect((await orderRow(t, orderId)).paymentStatus).toBe('pending_capture');
    expect(await mailsTo(user.email)).toEqual(['paymentPending']);

    // The return page again: answered as it is, still pending.
    const again = await orderCall(t, user, 'capture', { orderId });
    expect(again.json()).toMatchObject({ data: { paymentStatus: 'pending_capture' } });

    const lineId = answer.data.cartItems[0].lineId as string;
    const shipped = await ship(orderId, lineId);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toMatch(/Payment pending at PayPal/);
    for (const status of ['inProcess', 'inShipping', 'rejected']) {
      const res = await setStatus(orderId, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/Payment pending at PayPal/);
    }
    // Delivered is refused as well: an order is delivered when its parcels are, and none left.
    expect((await setStatus(orderId, 'delivered')).statusCode).toBe(409);
    const cancel = await orderCall(t, user, 'cancel', { orderId });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/Payment pending at PayPal/);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/refund/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'test' },
    });
    expect(refund.statusCode).toBe(409);
    expect(await orderRow(t, orderId)).toMatchObject({
      paymentStatus: 'pending_capture',
      orderStatus: 'pending',
    });
    expect(await stockOf(t, product._id)).toBe(3);
  });

  it('PAYMENT.CAPTURE.COMPLETED makes it paid with one confirmation; replays change nothing', async () => {
    autoDeliver = true;
    const { product, user, orderId, paypalOrderId } = await checkout('review');
    // The shopper's next cart is not the one checked out: paying later leaves it alone.
    const other = await makeProduct(t, { totalStock: 5 });
    await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: user.cookie },
      payload: { userId: user.id, productId: other._id, quantity: 1 },
    });
    await endCaptureReview(sim.url, paypalOrderId, 'COMPLETED');
    expect(await until(async () => (await orderRow(t, orderId)).paymentStatus === 'paid')).toBe(
      true,
    );
    const row = await orderRow(t, orderId);
    expect(row.orderStatus).toBe('confirmed');
    expect(await redemption(orderId)).toBe('paid');
    expect(await stockOf(t, product._id)).toBe(3);
    expect((await cartOf(t, user)).map((l: { productId: string }) => l.productId)).toEqual([
      other._id,
    ]);
    const completed = delivered.find(
      (d) => d.body.includes('PAYMENT.CAPTURE.COMPLETED') && d.body.includes(paypalOrderId),
    )!;
    expect((await send(completed)).json()).toEqual({ success: true, message: 'replayed' });
    // The same news again under a new event id: PayPal is asked, the order is already paid.
    const event = { ...JSON.parse(completed.body), id: `WH-${Date.now()}AGAIN` };
    expect((await send(sim.state.signedDelivery(event, sim.url))).json().message).toBe('processed');
    expect(await orderRow(t, orderId)).toEqual(row);
    expect(await mailsTo(user.email)).toEqual(['paymentPending', 'orderConfirmed']);
    // Paid now: it ships.
    const details = (await orderCall(t, user, 'capture', { orderId })).json().data;
    expect(details.paymentStatus).toBe('paid');
    expect((await ship(orderId, details.cartItems[0].lineId)).statusCode).toBe(201);
  });

  it('PAYMENT.CAPTURE.DENIED fails it: stock and the code use come back, the shopper is told', async () => {
    autoDeliver = true;
    const { product, user, orderId, paypalOrderId } = await checkout('review');
    await endCaptureReview(sim.url, paypalOrderId, 'DENIED');
    expect(await until(async () => (await orderRow(t, orderId)).paymentStatus === 'failed')).toBe(
      true,
    );
    expect(await orderRow(t, orderId)).toMatchObject({ orderStatus: 'cancelled' });
    expect(await stockOf(t, product._id)).toBe(5);
    expect(await redemption(orderId)).toBe('released');
    expect(await mailsTo(user.email)).toEqual(['paymentPending', 'paymentFailed']);
    const denied = delivered.find(
      (d) => d.body.includes('PAYMENT.CAPTURE.DENIED') && d.body.includes(paypalOrderId),
    )!;
    expect((await send(denied)).json().message).toBe('replayed');
    const event = { ...JSON.parse(denied.body), id: `WH-${Date.now()}AGAIN` };
    await send(sim.state.signedDelivery(event, sim.url));
    expect(await stockOf(t, product._id)).toBe(5);
    expect(await mailsTo(user.email)).toEqual(['paymentPending', 'paymentFailed']);
  });

  it('two racing webhooks and the status job record the payment once', async () => {
    autoDeliver = false;
    const { user, orderId, paypalOrderId } = await checkout('review');
    await endCaptureReview(sim.url, paypalOrderId, 'COMPLETED');
    expect(
      await until(async () =>
        delivered.some(
          (d) => d.body.includes('PAYMENT.CAPTURE.COMPLETED') && d.body.includes(paypalOrderId),
        ),
      ),
    ).toBe(true);
    const completed = delivered.find(
      (d) => d.body.includes('PAYMENT.CAPTURE.COMPLETED') && d.body.includes(paypalOrderId),
    )!;
    const twin = sim.state.signedDelivery(
      { ...JSON.parse(completed.body), id: `WH-${Date.now()}TWIN` },
      sim.url,
    );
    const later = new Date(Date.now() + 2 * 3_600_000);
    await Promise.all([
      send(completed),
      send(twin),
      t.app.services.checkout.checkPendingCaptures(later),
    ]);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('paid');
    expect(await mailsTo(user.email)).toEqual(['paymentPending', 'orderConfirmed']);
  });

  it('a missed webhook: the status job asks PayPal later, and never expires the order', async () => {
    autoDeliver = false;
    const { product, orderId, paypalOrderId } = await checkout('review');
    const { checkout: service } = t.app.services;
    // Days later the expiry of unpaid checkouts leaves it alone; asked within the hour, nothing.
    await service.expireStale(new Date(Date.now() + 3 * 86_400_000));
    expect(await service.checkPendingCaptures(new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('pending_capture');
    expect(await stockOf(t, product._id)).toBe(3);

    await endCaptureReview(sim.url, paypalOrderId, 'DENIED');
    await service.checkPendingCaptures(new Date(Date.now() + 61 * 60_000));
    expect((await orderRow(t, orderId)).paymentStatus).toBe('failed');
    expect(await stockOf(t, product._id)).toBe(5);
  });
});

describe('a capture PayPal answers DECLINED', () => {
  it('fails the order at once: nothing paid, stock and code use back, the shopper told', async () => {
    autoDeliver = true;
    const { product, user, orderId, captured } = await checkout('decline');
    expect(captured.statusCode).toBe(409);
    expect(captured.json().message).toMatch(/PayPal declined the payment/);
    expect(await orderRow(t, orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'cancelled',
    });
    expect(await stockOf(t, product._id)).toBe(5);
    expect(await redemption(orderId)).toBe('released');
    await until(async () => delivered.some((d) => d.body.includes('PAYMENT.CAPTURE.DECLINED')));
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailsTo(user.email)).toEqual(['paymentFailed']);
  });
});

describe('the simulator', () => {
  it('shows a capture by id only with a token, and refuses a malformed review end', async () => {
    autoDeliver = true;
    const { orderId } = await checkout('review');
    const { captureId: paymentId } = await paymentRow(t, orderId);
    const unsigned = await fetch(`${sim.url}/v2/payments/captures/${paymentId}`);
    expect(unsigned.status).toBe(401);
    const capture = await t.app.services.payments.client.getCapture(paymentId);
    expect(capture).toMatchObject({
      id: paymentId,
      status: 'PENDING',
      status_details: { reason: 'PENDING_REVIEW' },
    });
    const bad = await fetch(`${sim.url}/checkoutnow/settle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'X', outcome: 'REFUNDED' }).toString(),
    });
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${sim.url}/checkoutnow/settle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'NOSUCHORDER', outcome: 'COMPLETED' }).toString(),
    });
    expect(unknown.status).toBe(404);
  });
});
