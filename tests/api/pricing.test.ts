import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiOrder } from '../../server/src/modules/orders';
import { createOrder, makeShopperReady, orderCall } from '../factories/checkout';
import { postcodeOf } from '../factories/places';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

let t: PayPalTestApp;
let demo: Awaited<ReturnType<typeof makeDemoPricing>>;
beforeAll(async () => {
  t = await createPayPalTestApp();
  demo = await makeDemoPricing(t);
});
afterAll(() => t.close());

const post = (user: TestUser | undefined, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });
const quote = (user: TestUser, payload: object = {}) =>
  post(user, '/api/shop/checkout/quote', payload);

async function addressIn(user: TestUser, country: string, region = '') {
  const res = await post(user, '/api/shop/address/add', {
    userId: user.id,
    address: '1 Main St',
    city: 'Somewhere',
    pincode: postcodeOf(country, region),
    phone: '555 0100',
    notes: '-',
    country,
    region,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

/** A shopper with `price` x `quantity` in the cart and an address in that place. */
async function shopper(price: number, quantity = 1, place: [string, string] = ['US', 'CA']) {
  const product = await makeProduct(t, { price, totalStock: 500 });
  const { user } = await makeShopperReady(t, [{ product, quantity }]);
  const addressId = await addressIn(user, ...place);
  return { user, addressId, product };
}

describe('the quote', () => {
  it('asks who you are first', async () => {
    expect((await post(undefined, '/api/shop/checkout/quote', {})).statusCode).toBe(401);
  });

  it('prices the cheapest method, with the destination’s tax added on top', async () => {
    const { user, addressId } = await shopper(40);
    const res = await quote(user, { addressId });
    expect(res.statusCode).toBe(200);
    const q = res.json().data;
    expect(q).toMatchObject({
      subtotal: 40,
      discount: 0,
      shipping: 5.99,
      tax: 2.9, // 7.25% of 40; California does not tax shipping
      total: 48.89,
      shippingMethodId: demo.standard._id,
      pricesIncludeTax: false,
      shippable: true,
      taxLines: [{ name: 'California sales tax', rate: 7.25, amount: 2.9 }],
    });
    expect(q.shippingMethods.map((m: { name: string }) => m.name)).toEqual(['Standard', 'Express']);
  });

  it('ships free above $100 and taxes shipping where the state does', async () => {
    const { user, addressId } = await shopper(60, 2, ['US', 'NY']);
    const free = (await quote(user, { addressId })).json().data;
    expect(free).toMatchObject({ subtotal: 120, shipping: 0, tax: 10.65, total: 130.65 });
    const express = (await quote(user, { addressId, shippingMethodId: demo.express._id })).json()
      .data;
    // 8.875% of 120 (10.65) plus of 14.99 (1.33): New York taxes the shipping charge.
    expect(express).toMatchObject({ shipping: 14.99, tax: 11.98, total: 146.97 });
  });

  it('says before paying that an address has no shipping method, and checkout refuses it', async () => {
    const { user, addressId } = await shopper(30, 1, ['JP', '']);
    const q = (await quote(user, { addressId })).json().data;
    expect(q).toMatchObject({ shippable: false, shippingMethods: [], shippingMethodId: null });
    expect(q.message).toMatch(/do not ship/);
    const res = await createOrder(t, user, addressId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/do not ship/);
  });

  it('tells why a code is refused, and prices a good one', async () => {
    const { user, addressId } = await shopper(40);
    const check = async (code: string) =>
      (await quote(user, { addressId, discountCode: code })).json().data.discountCode;
    const past = await makeDiscount(t, { endsAt: '2020-01-01T00:00:00Z' });
    const min = await makeDiscount(t, { minSubtotal: 50 });
    const kids = await makeDiscount(t, { categories: ['kids'] });
    expect(await check('NOPE-NOT-A-CODE')).toMatchObject({
      ok: false,
      reason: 'This code does not exist',
    });
    expect(await check(past.code)).toMatchObject({ ok: false, reason: 'This code has expired' });
    expect((await check(min.code)).reason).toBe(
      'This code needs a minimum subtotal of $50.00: add $10.00 more',
    );
    expect((await check(kids.code)).reason).toMatch(/does not apply/);
    const good = await makeDiscount(t, { type: 'percent', value: 25 });
    const q = (await quote(user, { addressId, discountCode: good.code.toLowerCase() })).json().data;
    expect(q.discountCode).toMatchObject({ code: good.code, ok: true });
    // 25% of 40 = 10 off; tax on 30; shipping as before.
    expect(q).toMatchObject({ discount: 10, tax: 2.18, shipping: 5.99, total: 38.17 });
  });
});

describe('an order charges its quote', () => {
  it('keeps the breakdown, and PayPal is asked for exactly the total with its parts', async () => {
    const { user, addressId } = await shopper(40);
    const code = await makeDiscount(t, { type: 'fixed', value: 5 });
    const q = (
      await quote(user, { addressId, shippingMethodId: demo.express._id, discountCode: code.code })
    ).json().data;
    const created = await createOrder(t, user, addressId, {
      shippingMethodId: demo.express._id,
      discountCode: code.code,
      totalAmount: 0.01, // never read
    });
    expect(created.statusCode).toBe(201);
    const { orderId, approvalURL } = created.json();
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/shop/order/details/${orderId}`,
        headers: { cookie: user.cookie },
      })
    ).json().data;
    expect(order).toMatchObject({
      totalAmount: q.total,
      subtotal: 40,
      discountAmount: 5,
      shippingAmount: 14.99,
      taxAmount: q.tax,
      discountCode: code.code,
      shippingMethod: { _id: demo.express._id, name: 'Express' },
    });
    expect(order.cartItems[0]).toMatchObject({ discount: 5, tax: q.tax });
    const token = new URL(approvalURL).searchParams.get('token')!;
    const paypal = await t.app.services.payments.client.getOrder(token);
    expect(paypal.purchase_units[0]?.amount?.value).toBe(q.total.toFixed(2));
    const { token: approved } = await visitPayPal(approvalURL);
    const paid = await orderCall(t, user, 'capture', { orderId, paymentId: approved });
    expect(paid.json().data.totalAmount).toBe(q.total);
    const captured = await t.app.services.payments.client.getOrder(token);
    expect(captured.purchase_units[0]?.payments?.captures[0]?.amount?.value).toBe(
      q.total.toFixed(2),
    );
  });

  it('old clients that send neither method nor code get the cheapest method and no code', async () => {
    const { user, addressId } = await shopper(20);
    const res = await createOrder(t, user, addressId);
    expect(res.statusCode, res.body).toBe(201);
    const order = toApiOrder((await t.app.services.orders.find(res.json().orderId))!);
    expect(order).toMatchObject({ shippingAmount: 5.99, discountCode: '', subtotal: 20 });
    expect(order.totalAmount).toBe(20 + 5.99 + 1.45);
  });

  it('refuses a code that stopped applying between quote and order, naming the field', async () => {
    const { user, addressId } = await shopper(20);
    const res = await createOrder(t, user, addressId, { discountCode: 'GONE-CODE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('discountCode: This code does not exist');
  });
});

describe('code uses', () => {
  it('counts a use when paid, refuses it again per customer, and gives it back on cancel', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1, usageLimit: 5 });
    const { user, addressId } = await shopper(30);
    const first = await createOrder(t, user, addressId, { discountCode: code.code });
    expect(first.statusCode).toBe(201);
    // The held use is the shopper's: a second checkout replaces the first and may use it again.
    const cancelled = await orderCall(t, user, 'cancel', { orderId: first.json().orderId });
    expect(cancelled.statusCode).toBe(200);
    let listed = (await t.app.services.discounts.list()).find((d) => d._id === code._id)!;
    expect(listed.uses).toBe(0);
    const again = await createOrder(t, user, addressId, { discountCode: code.code });
    expect(again.statusCode).toBe(201);
    const { token } = await visitPayPal(again.json().approvalURL);
    const paid = await orderCall(t, user, 'capture', {
      orderId: again.json().orderId,
      paymentId: token,
    });
    expect(paid.statusCode).toBe(200);
    listed = (await t.app.services.discounts.list()).find((d) => d._id === code._id)!;
    expect(listed).toMatchObject({
      uses: 1,
      revenue: paid.json().data.totalAmount,
      discountGiven: 3,
    });
    // Paid: the cart is empty now; refill it and try the code a second time.
    const product = await makeProduct(t, { price: 30 });
    await post(user, '/api/shop/cart/add', {
      userId: user.id,
      productId: product._id,
      quantity: 1,
    });
    const q = (await quote(user, { addressId, discountCode: code.code })).json().data;
    expect(q.discountCode).toMatchObject({ ok: false, reason: 'You have already used this code' });
  });

  it('a 10-use code raced by many shoppers opens exactly 10 orders with it', async () => {
    const code = await makeDiscount(t, { usageLimit: 10, type: 'percent', value: 50 });
    const crowd = await Promise.all(Array.from({ length: 24 }, () => shopper(10)));
    const answers = await Promise.all(
      crowd.map(({ user, addressId }) =>
        createOrder(t, user, addressId, { discountCode: code.code }),
      ),
    );
    const opened = answers.filter((r) => r.statusCode === 201);
    expect(opened).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json().message).toMatch(/used up/);
    }
    // Used up for those left out; a holder's own open checkout may take its use again.
    const left = crowd[answers.findIndex((r) => r.statusCode !== 201)]!;
    const quoted = (await quote(left.user, { discountCode: code.code })).json().data;
    expect(quoted.discountCode).toMatchObject({ ok: false, reason: 'This code has been used up' });
    const holder = crowd[answers.findIndex((r) => r.statusCode === 201)]!;
    expect(
      (await quote(holder.user, { discountCode: code.code })).json().data.discountCode.ok,
    ).toBe(true);
  });
});

describe('admin settings', () => {
  it('are admin only, checked before the body is read', async () => {
    const shopperUser = await makeUser(t);
    for (const path of ['shipping-zones', 'tax-rates', 'discounts']) {
      expect((await post(undefined, `/api/admin/${path}/add`, {})).statusCode).toBe(401);
      expect((await post(shopperUser, `/api/admin/${path}/add`, {})).statusCode).toBe(403);
    }
  });

  it('name the field that is wrong', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const bad = async (path: string, payload: object) => {
      const res = await post(admin, `/api/admin/${path}/add`, payload);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    const method = { name: 'Slow', price: 1, minDays: 5, maxDays: 2 };
    expect(
      await bad('shipping-zones', { name: 'Z', countries: ['US'], methods: [method] }),
    ).toMatch(/^methods\.0\.maxDays/);
    expect(await bad('shipping-zones', { name: 'Z', countries: ['USA'], methods: [] })).toMatch(
      /^countries\.0/,
    );
    expect(await bad('tax-rates', { country: 'US', name: 'T', rate: 101 })).toMatch(/^rate/);
    expect(await bad('discounts', { code: 'X1!', type: 'percent', value: 10 })).toMatch(/^code/);
    expect(await bad('discounts', { code: 'BIG', type: 'percent', value: 150 })).toMatch(/^value/);
    const dup = await post(admin, '/api/admin/tax-rates/add', {
      country: 'DE',
      name: 'VAT',
      rate: 7,
    });
    expect(dup.statusCode).toBe(409);
    const codeRes = await post(admin, '/api/admin/discounts/add', {
      code: 'Summer-Sale',
      type: 'fixed',
      value: 5,
    });
    expect(codeRes.statusCode).toBe(201);
    const clash = await post(admin, '/api/admin/discounts/add', {
      code: 'SUMMER-SALE',
      type: 'percent',
      value: 5,
    });
    expect(clash.statusCode).toBe(409);
  });
});
