import {
  cancelledMessage,
  notDeliveredMessage,
  notPurchasedMessage,
  returnedMessage,
} from '@contract/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePaidOrder, orderCall } from '../factories/checkout';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { askReturn, deliver, returnStep } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// Who may review a product: a buyer who kept a delivered unit of it; every refusal says why.

let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp({ RETURN_DAYS: '30' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const review = (user: TestUser, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/review/add',
    headers: { cookie: user.cookie },
    payload: { productId, reviewMessage: 'Kept it, love it.', reviewValue: 5 },
  });

const admins = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });

/** One order of a shirt and a cap, paid through the simulator. */
async function shirtAndCap() {
  const shirt = await makeProduct(t, { title: 'Kept shirt', price: 40, totalStock: 5 });
  const cap = await makeProduct(t, { title: 'Returned cap', price: 15, totalStock: 5 });
  const bought = await makePaidOrder(t, [{ product: shirt }, { product: cap }]);
  const lineOf = (productId: string) =>
    bought.order.cartItems.find((i) => i.productId === productId)!.lineId;
  return { ...bought, shirt, cap, shirtLine: lineOf(shirt._id), capLine: lineOf(cap._id) };
}

/** The shopper returns the line, and the admin approves, receives and refunds it. */
async function returnAndRefund(user: TestUser, orderId: string, lineId: string) {
  const asked = await askReturn(t, user, {
    orderId,
    lines: [{ lineId, quantity: 1, reason: 'tooSmall' }],
  });
  expect(asked.statusCode).toBe(201);
  const id = asked.json().data._id;
  expect((await returnStep(t, admin, id, 'approve', { instructions: 'Post it' })).statusCode).toBe(
    200,
  );
  expect(
    (await returnStep(t, admin, id, 'receive', { lines: [{ lineId, restock: true }] })).statusCode,
  ).toBe(200);
  expect((await returnStep(t, admin, id, 'refund')).statusCode).toBe(200);
}

describe('reviewing a product from a delivered order', () => {
  it('a partly refunded order: the kept product may be reviewed, the returned one names its return', async () => {
    const { user, orderId, shirt, cap, capLine } = await shirtAndCap();
    await deliver(t, admin, orderId);
    await returnAndRefund(user, orderId, capLine);
    const order = (await t.app.services.orders.find(orderId))!;
    expect(order.paymentStatus).toBe('partially_refunded');

    const kept = await review(user, shirt._id);
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data).toMatchObject({ productId: shirt._id, userId: user.id });

    const returned = await review(user, cap._id);
    expect(returned.statusCode).toBe(403);
    expect(returned.json()).toMatchObject({ code: 'NOT_PURCHASED', message: returnedMessage });
  });

  it('an order the admin refunded in part, nothing returned: both products may be reviewed', async () => {
    const { user, orderId, shirt, cap } = await shirtAndCap();
    await deliver(t, admin, orderId);
    const part = await admins(`/api/admin/orders/refund/${orderId}`, {
      amount: 5,
      reason: 'Scuffed on arrival',
    });
    expect(part.json().data.paymentStatus).toBe('partially_refunded');
    expect((await review(user, shirt._id)).statusCode).toBe(201);
    expect((await review(user, cap._id)).statusCode).toBe(201);
  });

  it('a product bought twice, returned from one order and kept from the other, may be reviewed', async () => {
    const { user, orderId, shirt, cap, capLine } = await shirtAndCap();
    await deliver(t, admin, orderId);
    await returnAndRefund(user, orderId, capLine);
    expect((await review(user, cap._id)).json().message).toBe(returnedMessage);
    // The same shopper buys the cap again, and keeps this one.
    await makeOrder(t, {
      userId: user.id,
      items: [{ productId: cap._id }],
      paymentStatus: 'paid',
      orderStatus: 'delivered',
    });
    expect((await review(user, cap._id)).statusCode).toBe(201);
    expect((await review(user, shirt._id)).statusCode).toBe(201);
  });
});

describe('reviewing before delivery', () => {
  it('a paid order not yet delivered is refused until it is; a delivered parcel is enough', async () => {
    const { user, orderId, shirt, cap, shirtLine } = await shirtAndCap();
    const early = await review(user, shirt._id);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'NOT_PURCHASED', message: notDeliveredMessage });

    // The shirt leaves in a parcel of its own and arrives; the cap is still to ship.
    const shipped = await admins(`/api/admin/orders/${orderId}/shipments`, {
      lines: [{ lineId: shirtLine, quantity: 1 }],
      carrier: 'dhl',
      trackingNumber: 'JJD000390007',
    });
    expect(shipped.statusCode).toBe(201);
    const parcel = shipped.json().data.shipments[0]._id;
    expect((await review(user, shirt._id)).json().message).toBe(notDeliveredMessage);
    const arrived = await admins(`/api/admin/orders/${orderId}/shipments/${parcel}/delivered`, {});
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json().data.orderStatus).not.toBe('delivered');

    expect((await review(user, shirt._id)).statusCode).toBe(201);
    const capEarly = await review(user, cap._id);
    expect(capEarly.json()).toMatchObject({ code: 'NOT_PURCHASED', message: notDeliveredMessage });
  });

  it('an order the shopper cancelled says so', async () => {
    const { user, orderId, shirt } = await shirtAndCap();
    expect((await orderCall(t, user, 'cancel', { orderId })).statusCode).toBe(200);
    const res = await review(user, shirt._id);
    expect(res.json()).toMatchObject({ code: 'NOT_PURCHASED', message: cancelledMessage });
  });
});

describe('reviewing without a purchase', () => {
  it("a shopper who never bought the product gets the spec's sentence", async () => {
    const { shirt } = await shirtAndCap();
    const stranger = await makeUser(t);
    const res = await review(stranger, shirt._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_PURCHASED',
      message: notPurchasedMessage,
    });
    expect(notPurchasedMessage).toBe('You need to purchase this product to review it.');
  });
});
