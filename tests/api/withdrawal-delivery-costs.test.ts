import { toCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import {
  askReturn,
  deliver,
  deliveredDaysAgo,
  makeOrderInState,
  returnStep,
} from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// Directive 2011/83/EU art. 13(1)-(2): the standard delivery cost and its tax go back with the
// order's last item; a dearer method's supplement may be kept. Returns within the withdrawal
// period are withdrawals: they need no reason.
let t: PayPalTestApp;
let admin: TestUser;
let express: string;
beforeAll(async () => {
  t = await createPayPalTestApp();
  express = (await makeDemoPricing(t)).express._id;
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** Two lines (a shirt, 2 pairs of socks) sent to New York, where shipping is taxed. */
async function newYorkOrder(extra: { shippingMethodId?: string } = {}) {
  const [shirt, socks] = await Promise.all([
    makeProduct(t, { title: 'Shirt', price: 39.9, totalStock: 5 }),
    makeProduct(t, { title: 'Socks', price: 6.5, totalStock: 5 }),
  ]);
  const bought = await makeOrderInState(
    t,
    'NY',
    [{ product: shirt }, { product: socks, quantity: 2 }],
    extra,
  );
  await deliver(t, admin, bought.orderId);
  const line = (title: string) => bought.order.cartItems.find((i) => i.title === title)!;
  return { ...bought, shirt: line('Shirt'), socks: line('Socks') };
}

const shippingTaxOf = (order: Order) =>
  toCents(order.taxAmount) - order.cartItems.reduce((s, i) => s + toCents(i.tax), 0);

/** Asks (with a reason, or none), receives and refunds a return; answers the refunded return. */
async function returnAndRefund(user: TestUser, orderId: string, lines: object[], reason?: string) {
  const asked = await askReturn(t, user, {
    orderId,
    lines: lines.map((l) => (reason ? { ...l, reason } : l)),
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const ret = asked.json().data;
  // A withdrawal needs no approval; approving it first (instructions) changes nothing.
  await returnStep(t, admin, ret._id, 'approve', { instructions: 'Post it back' });
  const received = await returnStep(t, admin, ret._id, 'receive', {
    lines: ret.lines.map((l: { lineId: string }) => ({ lineId: l.lineId, restock: true })),
  });
  expect(received.statusCode, received.body).toBe(200);
  const refunded = await returnStep(t, admin, ret._id, 'refund');
  expect(refunded.statusCode, refunded.body).toBe(200);
  return refunded.json().data;
}

describe('the delivery cost comes back with the last item (art. 13(1))', () => {
  it('a whole order returned in the period, without a reason, refunds the shipping and its tax too', async () => {
    const { user, orderId, order, shirt, socks } = await newYorkOrder();
    const shippingTax = shippingTaxOf(order);
    expect(shippingTax).toBeGreaterThan(0);
    const refunded = await returnAndRefund(user, orderId, [
      { lineId: shirt.lineId, quantity: 1 },
      { lineId: socks.lineId, quantity: 2 },
    ]);
    expect(toCents(refunded.shippingRefundAmount)).toBe(
      toCents(order.shippingAmount) + shippingTax,
    );
    expect(refunded.refundAmount).toBe(order.totalAmount);
  });

  it('in several steps: the step that brings the last item back refunds the delivery cost, once', async () => {
    const { user, orderId, order, shirt, socks } = await newYorkOrder();
    const back = (lineId: string) =>
      returnAndRefund(user, orderId, [{ lineId, quantity: 1 }], 'changedMind');
    const first = await back(socks.lineId);
    expect(first.shippingRefundAmount).toBe(0);
    const second = await back(shirt.lineId);
    expect(second.shippingRefundAmount).toBe(0);
    const last = await back(socks.lineId);
    expect(toCents(last.shippingRefundAmount)).toBe(
      toCents(order.shippingAmount) + shippingTaxOf(order),
    );
    const paidBack =
      toCents(first.refundAmount) + toCents(second.refundAmount) + toCents(last.refundAmount);
    expect(paidBack).toBe(toCents(order.totalAmount));
  });

  it('a dearer method chosen: only the cheapest standard one and its tax are refunded (art. 13(2))', async () => {
    const { user, orderId, order, shirt, socks } = await newYorkOrder({
      shippingMethodId: express,
    });
    expect(order.shippingAmount).toBe(14.99);
    const refunded = await returnAndRefund(
      user,
      orderId,
      [
        { lineId: shirt.lineId, quantity: 1 },
        { lineId: socks.lineId, quantity: 2 },
      ],
      'tooLarge',
    );
    // Standard $5.99 and New York's 8.875% of it, rounded half-up as the quote rounds: $0.53.
    expect(refunded.shippingRefundAmount).toBe(6.52);
    const expressCost = toCents(order.shippingAmount) + shippingTaxOf(order);
    expect(toCents(refunded.refundAmount)).toBe(toCents(order.totalAmount) - expressCost + 652);
  });

  it('a whole-order withdrawal refunds all of it: the shipping with its tax', async () => {
    const { user, orderId, order } = await newYorkOrder();
    const recorded = await t.app.services.withdrawals.withdraw({
      orderNumber: order.orderNumber,
      email: user.email,
      name: 'Alex Doe',
      comment: '',
    } as never);
    expect(recorded).toBe(true);
    const [ret] = (await t.app.services.orders.find(orderId))!.returns;
    await returnStep(t, admin, ret!._id, 'approve', { instructions: 'Post it back' });
    await returnStep(t, admin, ret!._id, 'receive', {
      lines: ret!.lines.map((l) => ({ lineId: l.lineId, restock: true })),
    });
    const refunded = (await returnStep(t, admin, ret!._id, 'refund')).json().data;
    expect(toCents(refunded.shippingRefundAmount)).toBe(
      toCents(order.shippingAmount) + shippingTaxOf(order),
    );
    expect(refunded.refundAmount).toBe(order.totalAmount);
  });

  it('after the withdrawal period a return needs a reason, and its last item brings no delivery cost', async () => {
    const { user, orderId, shirt, socks } = await newYorkOrder();
    await deliveredDaysAgo(t, orderId, 20);
    const lines = [
      { lineId: shirt.lineId, quantity: 1 },
      { lineId: socks.lineId, quantity: 2 },
    ];
    const bare = await askReturn(t, user, { orderId, lines });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/lines\.0\.reason: is required once the 14-day/);
    const asked = await askReturn(t, user, {
      orderId,
      lines: lines.map((l) => ({ ...l, reason: 'tooLarge' })),
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().data._id;
    await returnStep(t, admin, id, 'approve', { instructions: 'Post it back' });
    await returnStep(t, admin, id, 'receive', {
      lines: lines.map((l) => ({ lineId: l.lineId, restock: true })),
    });
    const refunded = await returnStep(t, admin, id, 'refund');
    expect(refunded.json().data.shippingRefundAmount).toBe(0);
  });
});
