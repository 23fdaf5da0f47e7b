import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockOf } from '../factories/checkout';
import {
  GUEST_ENV,
  guestAddress,
  guestEmail,
  makeGuest,
  makeGuestPaidOrder,
} from '../factories/guests';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env, ...GUEST_ENV });
  await makeDemoPricing(t);
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

describe('with GUEST_CHECKOUT off (the spec’s login wall)', () => {
  it('answers 401 to a visitor naming "guest" on every cart and checkout route', async () => {
    const off = await createTestApp();
    try {
      const product = await makeProduct(off);
      const calls = [
        { method: 'POST', url: '/api/shop/cart/add', payload: { userId: 'guest' } },
        { method: 'GET', url: '/api/shop/cart/get/guest' },
        { method: 'PUT', url: '/api/shop/cart/update-cart', payload: { userId: 'guest' } },
        { method: 'DELETE', url: `/api/shop/cart/guest/${product._id}` },
        { method: 'POST', url: '/api/shop/checkout/quote', payload: { userId: 'guest' } },
        { method: 'POST', url: '/api/shop/order/create', payload: { userId: 'guest' } },
        { method: 'POST', url: '/api/shop/order/capture', payload: { paymentId: 'X' } },
      ] as const;
      for (const call of calls) {
        const res = await off.app.inject(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.cookies.find((c) => c.name === 'guest')).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });
});

describe('a guest’s cart', () => {
  it('lives on the server behind its own HttpOnly cookie, which picks the cart', async () => {
    const product = await makeProduct(t, { price: 25, totalStock: 5 });
    const visitor = makeGuest(t);
    // Reading an empty cart sets no cookie.
    expect(await visitor.cart()).toEqual({ _id: null, items: [] });
    expect(visitor.cookie).toBe('');

    const added = await visitor.add({ product, quantity: 2 });
    expect(added.statusCode).toBe(200);
    const cookie = added.cookies.find((c) => c.name === 'guest')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    expect((await visitor.cart()).items).toMatchObject([{ productId: product._id, quantity: 2 }]);

    // Another visitor has a cart of its own.
    expect((await makeGuest(t).cart()).items).toEqual([]);

    const updated = await visitor.call({
      method: 'PUT',
      url: '/api/shop/cart/update-cart',
      payload: { userId: 'guest', productId: product._id, quantity: 4 },
    });
    expect(updated.json().data.items[0].quantity).toBe(4);
    // The same stock limit as a shopper's.
    const over = await visitor.add({ product, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('OUT_OF_STOCK');
    const removed = await visitor.call({
      method: 'DELETE',
      url: `/api/shop/cart/guest/${product._id}`,
    });
    expect(removed.json().data.items).toEqual([]);
  });

  it('is refused without the shop’s Origin once it has a cookie (CSRF), and to a shopper', async () => {
    const product = await makeProduct(t);
    const visitor = makeGuest(t);
    await visitor.add({ product });
    const foreign = await visitor.call({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { origin: 'https://evil.example' },
      payload: { userId: 'guest', productId: product._id, quantity: 1 },
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.injectAsIs({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: visitor.cookie },
      payload: { userId: 'guest', productId: product._id, quantity: 1 },
    });
    expect(noOrigin.statusCode).toBe(403);
    // A signed-in shopper names itself, never "guest".
    const user = await makeUser(t);
    const asGuest = await t.app.inject({
      method: 'GET',
      url: '/api/shop/cart/get/guest',
      headers: { cookie: user.cookie },
    });
    expect(asGuest.statusCode).toBe(403);
  });
});

describe('a guest’s checkout', () => {
  it('is quoted for an address typed in (country and region)', async () => {
    const product = await makeProduct(t, { price: 40, totalStock: 10 });
    const visitor = makeGuest(t);
    await visitor.add({ product });
    const res = await visitor.quote({ address: { country: 'US', region: 'CA' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      subtotal: 40,
      shipping: 5.99,
      tax: 2.9,
      total: 48.89,
      shippable: true,
    });
    const abroad = await visitor.quote({ address: { country: 'DE' } });
    expect(abroad.json().data).toMatchObject({ shipping: 19.99, taxLines: [{ rate: 19 }] });
  });

  it('asks for an email and a whole address, naming the field', async () => {
    const product = await makeProduct(t);
    const visitor = makeGuest(t);
    await visitor.add({ product });
    const noEmail = await visitor.call({
      method: 'POST',
      url: '/api/shop/order/create',
      payload: { userId: 'guest', addressInfo: guestAddress },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/^email /);
    const noCity = await visitor.create(guestEmail(), {
      addressInfo: { ...guestAddress, city: '  ' },
    });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().message).toBe('addressInfo.city is required');
    const badEmail = await visitor.create('not-an-email');
    expect(badEmail.json().message).toMatch(/^email must be a valid email/);
    // A region not on its country's list (ISO 3166-2) is refused at that field; no order is made.
    const notAState = await visitor.create(guestEmail(), {
      addressInfo: { ...guestAddress, country: 'DE', region: 'CA', pincode: '10117' },
    });
    expect(notAState.statusCode).toBe(400);
    expect(notAState.json().message).toMatch(
      /^addressInfo\.region: must be a state \(Land\) of Germany: a code such as BW/,
    );
    const quoted = await visitor.quote({ address: { country: 'AT', region: 'Bayern' } });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().message).toMatch(/^region: must be a state of Austria/);
    expect((await visitor.cart()).items).toHaveLength(1);
  });

  it('creates the order and pays through the simulator: stock taken, cart emptied', async () => {
    const product = await makeProduct(t, { price: 40, totalStock: 10 });
    const email = guestEmail();
    const { guest, order, statusToken } = await makeGuestPaidOrder(
      t,
      [{ product, quantity: 2 }],
      email,
    );
    expect(order).toMatchObject({
      userId: 'guest',
      guestEmail: email,
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      subtotal: 80,
      shippingAmount: 5.99,
      taxAmount: 5.8,
      totalAmount: 91.79,
      addressInfo: { addressId: '', address: '7 Visitor Road', country: 'US', region: 'CA' },
    });
    expect(await stockOf(t, product._id)).toBe(8);
    expect((await guest.cart()).items).toEqual([]);
    // The return page sends the guest to the order's status page.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/status/${statusToken}`,
    });
    expect(status.json().data).toMatchObject({ _id: order._id, paymentStatus: 'paid' });
  });

  it('emails a confirmation linking to the order’s status page, which shows the order', async () => {
    const product = await makeProduct(t, { title: 'Guest scarf', price: 30 });
    const { email, order } = await makeGuestPaidOrder(t, [{ product }]);
    const [mail] = await smtp.waitFor(1, email);
    expect(mail!.subject).toBe(`Order #${order.orderNumber} confirmed · The E-Commerce Store`);
    expect(mail!.text).toContain('Guest scarf × 1');
    const link = mail!.text.match(/See your order: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/shop/order/[\\w-]{43}$`));
    const token = link.split('/').pop()!;
    const status = await t.app.inject({ method: 'GET', url: `/api/shop/order/status/${token}` });
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json().data).toMatchObject({
      _id: order._id,
      orderNumber: order.orderNumber,
      totalAmount: order.totalAmount,
      cartItems: [{ title: 'Guest scarf', quantity: 1 }],
    });
  });

  it('answers 404 to a guessed or malformed token', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'abc', `${'x'.repeat(43)}.`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop/order/status/${token}` });
      expect(res.statusCode, token).toBe(404);
    }
  });

  it('keeps a guest to its own orders: another guest cannot pay, and no history is open', async () => {
    const product = await makeProduct(t, { totalStock: 10 });
    const owner = makeGuest(t);
    await owner.add({ product });
    const created = await owner.create(guestEmail());
    expect(created.statusCode).toBe(201);
    const { approvalURL, orderId } = created.json();
    const { token } = await visitPayPal(approvalURL);
    const other = makeGuest(t);
    await other.add({ product });
    expect((await other.capture({ orderId, paymentId: token })).statusCode).toBe(403);
    expect((await other.capture({ paymentId: token })).statusCode).toBe(403);
    for (const url of ['/api/shop/order/list/guest', `/api/shop/order/details/${orderId}`]) {
      expect((await other.call({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await owner.capture({ paymentId: token })).statusCode).toBe(200);
  });

  it('limits a discount code’s uses per email for guests, whatever the case', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1 });
    const email = guestEmail();
    const product = await makeProduct(t, { price: 50, totalStock: 20 });
    const { order } = await makeGuestPaidOrder(t, [{ product }], email, {
      discountCode: code.code,
    });
    expect(order.discountAmount).toBe(5);

    const again = makeGuest(t);
    await again.add({ product });
    const quoted = await again.quote({ discountCode: code.code, email: email.toUpperCase() });
    expect(quoted.json().data.discountCode).toMatchObject({
      ok: false,
      reason: 'You have already used this code',
    });
    const refused = await again.create(email.toUpperCase(), { discountCode: code.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('discountCode: You have already used this code');
    // Another email may still use it.
    expect((await again.create(guestEmail(), { discountCode: code.code })).statusCode).toBe(201);
  });
});
