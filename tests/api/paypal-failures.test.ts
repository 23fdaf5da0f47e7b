import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../server/src/db/schema';
import { CheckoutService } from '../../server/src/modules/orders/checkout.service';
import { createOrder, makeShopperReady, orderCall } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// What a shopper sees when PayPal refuses, fails, is slow or loses an answer mid-payment.

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => sim.close());

describe('PayPal failures seen by the shopper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...sim.env, PAYPAL_TIMEOUT_MS: '300' });
  });
  afterAll(async () => t.close());

  const stockOf = async (id: string) =>
    (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
  const orderRow = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  async function approvedOrder(stock = 5) {
    const product = await makeProduct(t, { totalStock: stock });
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const created = await createOrder(t, user, addressId);
    expect(created.statusCode).toBe(201);
    const { approvalURL, orderId } = created.json();
    const { token, payerId } = await visitPayPal(approvalURL);
    return { product, user, orderId, payload: { orderId, paymentId: token, payerId } };
  }

  it('a shop that PayPal refuses to sign in (401) says so, and the stock comes back', async () => {
    const wrong = await createTestApp({ ...sim.env, PAYPAL_CLIENT_SECRET: 'not-the-secret' });
    try {
      const product = await makeProduct(wrong, { totalStock: 3 });
      const { user, addressId } = await makeShopperReady(wrong, [{ product }]);
      const res = await createOrder(wrong, user, addressId);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYMENT_FAILED' });
      expect(res.json().message).toMatch(/could not sign in to PayPal.*Nothing was charged/);
      const [row] = await wrong.db.select().from(orders).where(eq(orders.userId, user.id));
      expect(row).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
      const [p] = await wrong.db.select().from(products).where(eq(products.id, product._id));
      expect(p!.totalStock).toBe(3);
    } finally {
      await wrong.close();
    }
  });

  it('a capture PayPal declines (422) leaves the order pending with a clear message', async () => {
    const { user, orderId, payload } = await approvedOrder();
    sim.state.inject({ on: 'capture', status: 422, issue: 'INSTRUMENT_DECLINED' });
    const res = await orderCall(t, user, 'capture', payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/declined.*INSTRUMENT_DECLINED/);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });

  it('a 5xx on capture is retried and the order is paid once', async () => {
    const { user, payload } = await approvedOrder();
    const before = sim.state.captures;
    sim.state.inject({ on: 'capture', status: 500 });
    const res = await orderCall(t, user, 'capture', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentStatus).toBe('paid');
    expect(sim.state.captures - before).toBe(1);
  });

  it('a capture that times out keeps the order pending; trying again captures nothing twice', async () => {
    const { product, user, orderId, payload } = await approvedOrder(4);
    const before = sim.state.captures;
    // PayPal completes the capture, but only after the shop stopped waiting.
    sim.state.inject({ on: 'capture', delayMs: 700 });
    const res = await orderCall(t, user, 'capture', payload);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/did not answer in time.*not be charged twice/);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');

    await new Promise((r) => setTimeout(r, 800));
    const retry = await orderCall(t, user, 'capture', payload);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.paymentStatus).toBe('paid');
    expect(sim.state.captures - before).toBe(1);
    expect(await stockOf(product._id)).toBe(3);
  });

  it('a capture whose answer was lost is recorded as paid by expiry, not cancelled', async () => {
    const { product, user, orderId, payload } = await approvedOrder(4);
    sim.state.inject({ on: 'capture', delayMs: 700 });
    expect((await orderCall(t, user, 'capture', payload)).statusCode).toBe(502);
    await new Promise((r) => setTimeout(r, 800));
    // No guard window here, so expiry looks at the order at once.
    const { cart, stock, addresses, auth, payments, pricing, quotes, discounts } = t.app.services;
    const deps = { cart, stock, addresses, auth, payments, pricing, quotes, discounts };
    const checkout = new CheckoutService(
      t.db,
      { ...deps, orders: t.app.services.orders },
      { captureGuardSeconds: 0 },
    );
    await checkout.expireStale(new Date(Date.now() + 31 * 60_000));
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    });
    expect(await stockOf(product._id)).toBe(3);
  });

  it('an order whose capture is in flight is not cancelled', async () => {
    const { user, orderId, payload } = await approvedOrder();
    sim.state.inject({ on: 'capture', delayMs: 700 });
    expect((await orderCall(t, user, 'capture', payload)).statusCode).toBe(502);
    const cancel = await orderCall(t, user, 'cancel', { orderId });
    expect(cancel.statusCode).toBe(409);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
    await new Promise((r) => setTimeout(r, 800));
  });
});
