import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../server/src/db/schema';
import { CheckoutService } from '../../server/src/modules/orders/checkout.service';
import { PayPalClient, PayPalError } from '../../server/src/modules/payments/paypal-client';
import { createOrder, makeShopperReady, orderCall } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { SIM_CREDENTIALS, type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => sim.close());

const client = (options: { clientSecret?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new PayPalClient({
    baseUrl: options.baseUrl ?? sim.url,
    clientId: SIM_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? SIM_CREDENTIALS.clientSecret,
    timeoutMs: options.timeoutMs ?? 2000,
    retryDelayMs: 10,
  });

const usd = (value: string) => ({ currency_code: 'USD', value });
const orderInput = (value = '10.00') => ({
  referenceId: 'ref-1',
  amount: usd(value),
  items: [{ name: 'Shirt', quantity: 1, unitAmount: usd(value) }],
  returnUrl: 'http://shop.test/shop/paypal-return',
  cancelUrl: 'http://shop.test/shop/paypal-cancel',
  brandName: 'Test shop',
});

async function caught(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as PayPalError;
  }
  throw new Error('expected a failure');
}

describe('PayPal client against the simulator', () => {
  it('creates an order with an approve link, and caches the OAuth token', async () => {
    const paypal = client();
    const before = sim.state.calls.token;
    const a = await paypal.createOrder(orderInput(), 'req-a');
    const b = await paypal.createOrder(orderInput(), 'req-b');
    expect(a.status).toBe('CREATED');
    expect(a.links.find((l) => l.rel === 'approve')?.href).toBe(
      `${sim.url}/checkoutnow?token=${a.id}`,
    );
    expect(b.id).not.toBe(a.id);
    expect(sim.state.calls.token - before).toBe(1);
  });

  it('fetches a new token when the cached one expires', async () => {
    const shortLived = await startSimulator({ tokenTtlSeconds: 1 });
    try {
      const paypal = client({ baseUrl: shortLived.url });
      await paypal.createOrder(orderInput(), 'ttl-1');
      await new Promise((r) => setTimeout(r, 700));
      await paypal.createOrder(orderInput(), 'ttl-2');
      expect(shortLived.state.calls.token).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('replays a create with the same PayPal-Request-Id instead of making a second order', async () => {
    const paypal = client();
    const first = await paypal.createOrder(orderInput(), 'same-request');
    const again = await paypal.createOrder(orderInput(), 'same-request');
    expect(again.id).toBe(first.id);
  });

  it('reports a 401 on the token as an authentication failure', async () => {
    const error = await caught(client({ clientSecret: 'wrong' }).createOrder(orderInput(), 'x'));
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('reports 422 UNPROCESSABLE_ENTITY with PayPal’s issue', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput(), 'not-approved');
    const error = await caught(paypal.captureOrder(order.id, 'cap-not-approved'));
    expect(error).toMatchObject({
      kind: 'unprocessable',
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });
    const mismatch = await caught(
      paypal.createOrder({ ...orderInput('10.00'), amount: usd('12.00') }, 'mismatch'),
    );
    expect(mismatch).toMatchObject({ status: 422 });
  });

  it('retries a 5xx once and succeeds', async () => {
    const paypal = client();
    await paypal.createOrder(orderInput(), 'warm-up');
    sim.state.inject({ on: 'create', status: 503 });
    const before = sim.state.calls.create;
    const order = await paypal.createOrder(orderInput(), 'after-503');
    expect(order.status).toBe('CREATED');
    expect(sim.state.calls.create - before).toBe(2);
  });

  it('gives up after a second 5xx', async () => {
    const paypal = client();
    sim.state.inject({ on: 'any', status: 500, times: 2 });
    const error = await caught(paypal.createOrder(orderInput(), 'two-500s'));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('times out a call that takes too long, without retrying it', async () => {
    const paypal = client({ timeoutMs: 200 });
    await paypal.createOrder(orderInput(), 'warm');
    sim.state.inject({ on: 'create', delayMs: 600 });
    const before = sim.state.calls.create;
    const error = await caught(paypal.createOrder(orderInput(), 'slow'));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(sim.state.calls.create - before).toBe(1);
  });

  it('captures an approved order once, however often it is asked with the same request id', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput('42.50'), 'cap-create');
    const approved = await visitPayPal(order.links.find((l) => l.rel === 'approve')!.href);
    expect(approved.payerId).toMatch(/^[A-Z0-9]{13}$/);
    expect((await paypal.getOrder(order.id)).status).toBe('APPROVED');
    const before = sim.state.captures;
    const first = await paypal.captureOrder(order.id, 'cap-1');
    const second = await paypal.captureOrder(order.id, 'cap-1');
    expect(first.status).toBe('COMPLETED');
    expect(second).toEqual(first);
    expect(first.payer?.payer_id).toBe(approved.payerId);
    expect(first.purchase_units[0]?.payments?.captures[0]?.status).toBe('COMPLETED');
    expect(sim.state.captures - before).toBe(1);
    const other = await caught(paypal.captureOrder(order.id, 'cap-2'));
    expect(other).toMatchObject({ issue: 'ORDER_ALREADY_CAPTURED' });
  });
});

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
    const { cart, stock, addresses, payments, pricing, quotes, discounts } = t.app.services;
    const deps = { cart, stock, addresses, payments, pricing, quotes, discounts };
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
