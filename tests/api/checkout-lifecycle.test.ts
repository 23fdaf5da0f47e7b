import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartOf,
  createOrder,
  makeShopperReady,
  orderCall,
  orderRow,
  stockOf,
} from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

describe('cancelling and expiry', () => {
  it('cancel at PayPal releases the reservation and a later capture charges nothing', async () => {
    const product = await makeProduct(t, { totalStock: 4 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 3 }]);
    const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
    expect(await stockOf(t, product._id)).toBe(1);
    const cancelled = await visitPayPal(approvalURL, 'cancel');
    expect(cancelled.location.pathname).toBe('/shop/paypal-cancel');

    const res = await orderCall(t, user, 'cancel', { orderId, paymentId: cancelled.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'cancelled' });
    expect(await stockOf(t, product._id)).toBe(4);
    // Cancelling twice returns nothing twice.
    await orderCall(t, user, 'cancel', { orderId });
    expect(await stockOf(t, product._id)).toBe(4);
    expect(await cartOf(t, user)).toHaveLength(1);

    const before = t.sim.state.captures;
    const late = await orderCall(t, user, 'capture', { orderId });
    expect(late.statusCode).toBe(409);
    expect(t.sim.state.captures).toBe(before);
  });

  it('expires pending orders older than CHECKOUT_HOLD_MINUTES (15) and returns their stock', async () => {
    const product = await makeProduct(t, { totalStock: 6 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
    const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
    const { checkout } = t.app.services;
    expect(await checkout.expireStale(new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await stockOf(t, product._id)).toBe(4);

    expect(await checkout.expireStale(new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await orderRow(t, orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(await stockOf(t, product._id)).toBe(6);

    // Approving at PayPal after expiry does not charge: the shop refuses to capture.
    const { token } = await visitPayPal(approvalURL);
    const before = t.sim.state.captures;
    const res = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/nothing was charged/);
    expect(t.sim.state.captures).toBe(before);
  });
});

describe('order history', () => {
  it("lists the shopper's own orders and refuses another shopper's", async () => {
    const product = await makeProduct(t);
    const alice = await makeShopperReady(t, [{ product }]);
    const bob = await makeUser(t);
    const { orderId } = (await createOrder(t, alice.user, alice.addressId)).json();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/list/${alice.user.id}`,
      headers: { cookie: alice.user.cookie },
    });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId]);

    const asBob = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: bob.cookie },
        ...(payload ? { payload } : {}),
      });
    expect((await asBob('GET', `/api/shop/order/list/${alice.user.id}`)).statusCode).toBe(403);
    expect((await asBob('GET', `/api/shop/order/details/${orderId}`)).statusCode).toBe(403);
    expect((await asBob('POST', '/api/shop/order/capture', { orderId })).statusCode).toBe(403);
    expect((await asBob('POST', '/api/shop/order/cancel', { orderId })).statusCode).toBe(403);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('pending');
    expect((await asBob('GET', '/api/shop/order/details/nope')).statusCode).toBe(404);
  });

  it('says whether checkout is a sandbox', async () => {
    const user = await makeUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/order/checkout-info',
      headers: { cookie: user.cookie },
    });
    expect(res.json()).toEqual({
      success: true,
      data: { paymentProvider: 'paypal', isSandbox: true, chatUrl: null },
    });
  });
});
