import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../server/src/db/schema';
import {
  cartOf,
  createOrder,
  makeShopperReady,
  orderCall,
  orderRow,
  paymentRow,
  stockOf,
} from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

// Shoppers are not tidy: they return in another tab, capture too early, check out twice at
// once, or never come back. None of it may lose a sale or strand a payment.
let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

async function openCheckout(stock = 10, quantity = 1) {
  const product = await makeProduct(t, { totalStock: stock });
  const { user, addressId } = await makeShopperReady(t, [{ product, quantity }]);
  const res = await createOrder(t, user, addressId);
  expect(res.statusCode).toBe(201);
  const { approvalURL, orderId } = res.json();
  return {
    product,
    user,
    addressId,
    approvalURL: approvalURL as string,
    orderId: orderId as string,
  };
}

describe('the return URL alone', () => {
  it("captures the shopper's order found by PayPal's token, with its order number", async () => {
    const { user, approvalURL, orderId } = await openCheckout();
    const { token, payerId } = await visitPayPal(approvalURL);
    const res = await orderCall(t, user, 'capture', { paymentId: token, payerId } as never);
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ _id: orderId, paymentStatus: 'paid', orderStatus: 'confirmed' });
    expect(order.orderNumber).toBeGreaterThanOrEqual(100001);
    // PayPal shows the same number to the payer.
    const row = await paymentRow(t, orderId);
    expect(t.sim.state.orders.get(row.providerOrderId!)?.invoiceId).toBe(String(order.orderNumber));
  });

  it("refuses another shopper's token, a token that is not the order's, and an unknown token", async () => {
    const alice = await openCheckout();
    const bob = await openCheckout();
    const { token } = await visitPayPal(alice.approvalURL);
    const asBob = await orderCall(t, bob.user, 'capture', { paymentId: token } as never);
    expect(asBob.statusCode).toBe(403);
    const mismatch = await orderCall(t, bob.user, 'capture', {
      orderId: bob.orderId,
      paymentId: token,
    });
    expect(mismatch.statusCode).toBe(400);
    const unknown = await orderCall(t, bob.user, 'capture', { paymentId: 'NOSUCHTOKEN' } as never);
    expect(unknown.statusCode).toBe(404);
    const neither = await orderCall(t, bob.user, 'capture', {} as never);
    expect(neither.statusCode).toBe(400);
    expect((await orderRow(t, alice.orderId)).paymentStatus).toBe('pending');
  });
});

describe('a refused attempt blocks nothing', () => {
  it('a capture before approval, then approval, then capture: paid once', async () => {
    const { user, approvalURL, orderId } = await openCheckout();
    const early = await orderCall(t, user, 'capture', { orderId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not been approved/);
    const { token } = await visitPayPal(approvalURL);
    const before = t.sim.state.captures;
    const res = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentStatus).toBe('paid');
    expect(t.sim.state.captures - before).toBe(1);
  });

  it('a declined capture is followed by one with a new PayPal-Request-Id that succeeds', async () => {
    const { user, approvalURL, orderId } = await openCheckout();
    const { token } = await visitPayPal(approvalURL);
    t.sim.state.inject({ on: 'capture', status: 422, issue: 'INSTRUMENT_DECLINED' });
    expect((await orderCall(t, user, 'capture', { orderId })).statusCode).toBe(409);
    expect((await paymentRow(t, orderId)).captureRefusals).toBe(1);
    const res = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(res.statusCode).toBe(200);
  });

  it('cancel right after a refused capture releases the stock at once', async () => {
    const { product, user, orderId } = await openCheckout(5, 2);
    expect((await orderCall(t, user, 'capture', { orderId })).statusCode).toBe(409);
    const res = await orderCall(t, user, 'cancel', { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentStatus).toBe('cancelled');
    expect(await stockOf(t, product._id)).toBe(5);
  });

  it('a new checkout releases the order a refused capture left behind', async () => {
    const { product, user, addressId, orderId } = await openCheckout(3, 3);
    expect((await orderCall(t, user, 'capture', { orderId })).statusCode).toBe(409);
    const again = await createOrder(t, user, addressId);
    expect(again.statusCode).toBe(201);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('cancelled');
    expect(await stockOf(t, product._id)).toBe(0);
  });
});

describe('one open checkout per shopper', () => {
  it('eight parallel checkouts with five items leave one pending order and one reservation', async () => {
    const products = await Promise.all(
      Array.from({ length: 5 }, () => makeProduct(t, { totalStock: 20 })),
    );
    const { user, addressId } = await makeShopperReady(
      t,
      products.map((product) => ({ product })),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createOrder(t, user, addressId)),
    );
    // 409 while one is being opened; on a slow machine a checkout past the guard replaces the
    // pending one instead, and the fourth in the hour is refused by the unpaid limit (429).
    for (const r of results) expect([201, 409, 429]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 201)).toBe(true);
    const refused = results.find((r) => r.statusCode === 409);
    if (refused) expect(refused.json().message).toMatch(/already being opened/);
    const pending = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.paymentStatus, 'pending')));
    expect(pending).toHaveLength(1);
    for (const p of products) expect(await stockOf(t, p._id)).toBe(19);
  });
});

/** Order confirmations waiting in the outbox for this shopper. */
const confirmations = async (user: { email: string }) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, user.email), eq(emailOutbox.template, 'orderConfirmed')))
  ).length;

describe('no approved payment is left behind', () => {
  it('the status job captures an order approved at PayPal that nobody returned for', async () => {
    const { product, user, approvalURL, orderId } = await openCheckout(4);
    await visitPayPal(approvalURL);
    const { checkout } = t.app.services;
    // Too young to ask about yet.
    expect(await checkout.checkPending(new Date(Date.now() + 60_000))).toBe(0);
    await checkout.checkPending(new Date(Date.now() + 6 * 60_000));
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
    const payment = await paymentRow(t, orderId);
    const paypal = t.sim.state.orders.get(payment.providerOrderId!);
    expect(paypal?.status).toBe('COMPLETED');
    expect(payment.captureId).toBe(paypal?.captureId);
    expect(await cartOf(t, user)).toEqual([]);
    expect(await stockOf(t, product._id)).toBe(3);
    // The job recorded the payment, so it sent the confirmation; the shopper's late return
    // (and another run of the job) sends none.
    expect(await confirmations(user)).toBe(1);
    expect((await orderCall(t, user, 'capture', { orderId })).statusCode).toBe(200);
    await checkout.checkPending(new Date(Date.now() + 12 * 60_000));
    expect(await confirmations(user)).toBe(1);
  });

  it('expiry captures an approved order instead of cancelling it', async () => {
    const { user, approvalURL, orderId } = await openCheckout(4);
    await visitPayPal(approvalURL);
    await t.app.services.checkout.expireStale(new Date(Date.now() + 31 * 60_000));
    expect((await orderRow(t, orderId)).paymentStatus).toBe('paid');
    const res = await orderCall(t, user, 'capture', { orderId });
    expect(res.json().data.paymentStatus).toBe('paid');
    expect(await confirmations(user)).toBe(1);
  });
});
