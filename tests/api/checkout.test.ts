import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../server/src/db/schema';
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
import { makeUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

describe('creating an order', () => {
  it('reserves the stock, snapshots lines and address, and answers the PayPal approval URL', async () => {
    const shirt = await makeProduct(t, { price: 30, salePrice: 19.99, totalStock: 5 });
    const cap = await makeProduct(t, { price: 12.5, totalStock: 4 });
    const { user, addressId } = await makeShopperReady(t, [
      { product: shirt, quantity: 2 },
      { product: cap, quantity: 1 },
    ]);
    const res = await createOrder(t, user, addressId);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      approvalURL: expect.any(String),
      orderId: expect.any(String),
    });
    expect(body.approvalURL).toMatch(new RegExp(`^${t.sim.url}/checkoutnow\\?token=[A-Z0-9]+$`));
    expect(await stockOf(t, shirt._id)).toBe(3);
    expect(await stockOf(t, cap._id)).toBe(3);

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${body.orderId}`,
      headers: { cookie: user.cookie },
    });
    const order = details.json().data;
    expect(order).toMatchObject({
      userId: user.id,
      orderStatus: 'pending',
      paymentMethod: 'paypal',
      paymentStatus: 'pending',
      paymentId: '',
      payerId: '',
      totalAmount: 52.48,
      addressInfo: { addressId, address: '1 Checkout Lane', city: 'Springfield' },
    });
    expect(order.cartItems).toHaveLength(2);
    expect(order.cartItems).toContainEqual({
      productId: shirt._id,
      variantId: null,
      size: '',
      color: '',
      title: shirt.title,
      image: shirt.image,
      price: 19.99,
      quantity: 2,
      lineId: expect.any(String),
      // A shop without shipping zones, tax rates or a code: the spec's sum of the lines.
      discount: 0,
      tax: 0,
    });
    // The cart stays until the payment completes.
    expect(await cartOf(t, user)).toHaveLength(2);
  });

  it('refuses an empty cart and a missing or foreign address with the spec texts', async () => {
    const empty = await makeUser(t);
    const res = await createOrder(t, empty, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty. Please add items to proceed');

    const product = await makeProduct(t);
    const { user } = await makeShopperReady(t, [{ product }]);
    const other = await makeShopperReady(t, [{ product }]);
    const noAddress = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: user.cookie },
      payload: { userId: user.id },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe('Please select one address to proceed.');
    const foreign = await createOrder(t, user, other.addressId);
    expect(foreign.json().message).toBe('Please select one address to proceed.');
    expect(await stockOf(t, product._id)).toBe(50);
  });

  it('ignores a client-sent total, price and status', async () => {
    const product = await makeProduct(t, { price: 80, totalStock: 3 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
    const res = await createOrder(t, user, addressId, {
      cartItems: [{ productId: product._id, title: 'x', image: 'x', price: 0.01, quantity: 2 }],
      totalAmount: 0.02,
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      paymentId: 'FAKE',
      payerId: 'FAKE',
    });
    expect(res.statusCode).toBe(201);
    const row = await orderRow(t, res.json().orderId);
    expect(row).toMatchObject({
      totalCents: 16000,
      orderStatus: 'pending',
      paymentStatus: 'pending',
    });
    const payment = await paymentRow(t, row.id);
    expect(payment).toMatchObject({
      status: 'created',
      amountCents: 16000,
      captureId: '',
      payerId: '',
    });
    const paypal = t.sim.state.orders.get(payment.providerOrderId!);
    expect(paypal?.amount).toEqual({ currency_code: 'USD', value: '160.00' });
  });

  it('refuses an order for someone else and unknown fields', async () => {
    const product = await makeProduct(t);
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const bob = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: bob.cookie },
      payload: { userId: user.id, addressInfo: { addressId } },
    });
    expect(res.statusCode).toBe(403);
    const unknown = await createOrder(t, user, addressId, { discount: 100 });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets exactly five of fifty shoppers buy the last five, never below zero', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, () => makeShopperReady(t, [{ product }])),
    );
    const results = await Promise.all(shoppers.map((s) => createOrder(t, s.user, s.addressId)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    expect(refused.message).toContain(product.title);
    expect(await stockOf(t, product._id)).toBe(0);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, product._id));
    expect(lines).toHaveLength(5);
  });

  it('gives back the stock of an abandoned checkout when the shopper checks out again', async () => {
    const product = await makeProduct(t, { totalStock: 2 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
    const first = (await createOrder(t, user, addressId)).json();
    expect(await stockOf(t, product._id)).toBe(0);
    const second = await createOrder(t, user, addressId);
    expect(second.statusCode).toBe(201);
    expect(await stockOf(t, product._id)).toBe(0);
    expect(await orderRow(t, first.orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'cancelled',
    });
  });
});

describe('capturing the payment', () => {
  it('records the payment, confirms the order and empties the cart; a second capture changes nothing', async () => {
    const product = await makeProduct(t, { price: 25, totalStock: 10 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 3 }]);
    const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
    const approved = await visitPayPal(approvalURL);
    expect(approved.status).toBe(303);
    expect(approved.location.pathname).toBe('/shop/paypal-return');
    const capturesBefore = t.sim.state.captures;

    const payload = { orderId, paymentId: approved.token, payerId: approved.payerId };
    const first = await orderCall(t, user, 'capture', payload);
    expect(first.statusCode).toBe(200);
    const order = first.json().data;
    expect(order).toMatchObject({
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      payerId: approved.payerId,
      totalAmount: 75,
    });
    expect(order.paymentId).toMatch(/^[A-Z0-9]+$/);
    expect(await cartOf(t, user)).toEqual([]);

    const second = await orderCall(t, user, 'capture', payload);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(order);
    expect(t.sim.state.captures - capturesBefore).toBe(1);
    expect(await stockOf(t, product._id)).toBe(7);
  });

  it('captures once when five captures race', async () => {
    const product = await makeProduct(t, { totalStock: 10 });
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
    const { token } = await visitPayPal(approvalURL);
    const before = t.sim.state.captures;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => orderCall(t, user, 'capture', { orderId, paymentId: token })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
    }
    expect(t.sim.state.captures - before).toBe(1);
    expect(await stockOf(t, product._id)).toBe(9);
    const final = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(final.json().data.paymentStatus).toBe('paid');
  });

  it('refuses a capture before approval and keeps the order pending', async () => {
    const product = await makeProduct(t);
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const { orderId } = (await createOrder(t, user, addressId)).json();
    const res = await orderCall(t, user, 'capture', { orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not been approved/);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('pending');
  });

  it('refuses a payment id that is not this order’s', async () => {
    const product = await makeProduct(t);
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const { orderId } = (await createOrder(t, user, addressId)).json();
    const res = await orderCall(t, user, 'capture', { orderId, paymentId: 'SOMEONEELSES' });
    expect(res.statusCode).toBe(400);
  });
});
