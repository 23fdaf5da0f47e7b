import type { Order } from '@contract/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, returns } from '../../server/src/db/schema';
import { makePaidOrder } from '../factories/checkout';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { deliver, mailsTo, returnStep } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// A withdrawal made in time has two outcomes, received and refunded (Directive 2011/83/EU art.
// 9, 13); an art. 16 exception is the admin's only other answer. Withdrawn units never ship.
let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp();
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** A paid order of a shirt and a cap, not shipped yet. */
async function paidOrder() {
  const [shirt, cap] = await Promise.all([
    makeProduct(t, { title: 'Shirt', price: 40, totalStock: 5 }),
    makeProduct(t, { title: 'Cap', price: 15, totalStock: 5 }),
  ]);
  const bought = await makePaidOrder(t, [{ product: shirt }, { product: cap }]);
  const line = (title: string) => bought.order.cartItems.find((i) => i.title === title)!.lineId;
  return { ...bought, shirtId: shirt._id, shirt: line('Shirt'), cap: line('Cap') };
}

/** The withdrawal function's work (its route runs it after answering). */
async function withdraw(
  order: Order,
  email: string,
  lines?: Array<{ lineId: string; quantity: number }>,
) {
  const body = { orderNumber: order.orderNumber, email, name: 'Alex Doe', comment: '' };
  expect(
    await t.app.services.withdrawals.withdraw(lines ? { ...body, lines } : (body as never)),
  ).toBe(true);
  const found = (await t.app.services.orders.find(order._id))!;
  return found.returns.at(-1)!;
}

const ship = (orderId: string, lineId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: { cookie: admin.cookie },
    payload: { lines: [{ lineId, quantity: 1 }], carrier: 'dhl', trackingNumber: 'JJD0001' },
  });

describe('a withdrawal cannot be refused', () => {
  it('refusing answers 409; the admin records an art. 16 exception with its reason, shown and emailed', async () => {
    const { user, order, shirt } = await paidOrder();
    await deliver(t, admin, order._id);
    const ret = await withdraw(order, user.email, [{ lineId: shirt, quantity: 1 }]);
    expect(ret).toMatchObject({ kind: 'withdrawal', name: 'Alex Doe', isWithdrawalRight: true });

    const refused = await returnStep(t, admin, ret._id, 'refuse', { reason: 'Worn' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cannot be refused; record an art\. 16 exception/);

    const exception = (body: object) => returnStep(t, admin, ret._id, 'exception', body);
    for (const bad of [
      {},
      { exception: 'worn', reason: 'The seal of the box is broken' },
      { exception: 'unsealedHygiene', reason: 'short' },
      { exception: 'unsealedHygiene', reason: 'x'.repeat(1001) },
    ]) {
      expect((await exception(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await returnStep(t, undefined, ret._id, 'exception', {})).statusCode).toBe(401);
    const reason = 'The hygiene seal of these swim shorts was removed before they came back.';
    const recorded = await exception({ exception: 'unsealedHygiene', reason });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({
      status: 'exception',
      exception: 'unsealedHygiene',
      exceptionReason: reason,
    });
    // The shopper sees it on the order, and by email.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${order._id}`,
      headers: { cookie: user.cookie },
    });
    expect(shown.json().data.returns[0]).toMatchObject({
      status: 'exception',
      exceptionReason: reason,
    });
    const [mail] = await mailsTo(t, user.email, 'withdrawalException');
    expect(mail!.text).toContain(reason);
    expect(mail!.text).toContain('art. 16(e)');
    // Recorded once: the step does not happen twice.
    expect((await exception({ exception: 'personalised', reason })).statusCode).toBe(409);
  });
});

describe('withdrawn units are never shipped', () => {
  it('whatever becomes of the withdrawal; an art. 16 exception gives its units back to the contract', async () => {
    const { user, order, shirt, cap } = await paidOrder();
    const first = await withdraw(order, user.email, [{ lineId: shirt, quantity: 1 }]);
    expect((await returnStep(t, admin, first._id, 'refuse', { reason: 'No' })).statusCode).toBe(
      409,
    );
    const blocked = await ship(order._id, shirt);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/Nothing of Shirt is left to ship/);

    const second = await withdraw(order, user.email, [{ lineId: cap, quantity: 1 }]);
    expect((await ship(order._id, cap)).statusCode).toBe(409);
    const recorded = await returnStep(t, admin, second._id, 'exception', {
      exception: 'personalised',
      reason: 'The cap was embroidered with the initials you chose.',
    });
    expect(recorded.statusCode).toBe(200);
    expect((await ship(order._id, cap)).statusCode).toBe(201);
    expect((await ship(order._id, shirt)).statusCode).toBe(409);
  });
});

describe('a withdrawal of an order not yet shipped', () => {
  it('is refunded in one step, nothing to wait for: received back into stock and paid back in full', async () => {
    const { user, order, shirtId } = await paidOrder();
    const ret = await withdraw(order, user.email);
    expect(ret).toMatchObject({ status: 'requested', awaitsGoods: false });
    const stockBefore = await stockOf(shirtId);
    const refunded = await returnStep(t, admin, ret._id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refundAmount: order.totalAmount,
    });
    expect(await stockOf(shirtId)).toBe(stockBefore + 1);
    const [mail] = await mailsTo(t, user.email, 'withdrawalReceived');
    expect(mail!.text).toContain('nothing to send back');
  });
});

describe('the acknowledgment and the queue', () => {
  it('states art. 13(3) right, and the queue shows each refund’s due date, overdue first', async () => {
    const a = await paidOrder();
    await deliver(t, admin, a.order._id);
    const older = await withdraw(a.order, a.user.email);
    const [ack] = await mailsTo(t, a.user.email, 'withdrawalReceived');
    expect(ack!.text).toContain(
      'We may wait until the items are back with us or you send us proof that you have sent them, whichever comes first.',
    );
    // 14 days after it was made, to the end of the day (or the next working day's) in New York.
    const due = Date.parse(older.refundDueAt!) - Date.parse(older.createdAt);
    expect(due).toBeGreaterThan(14 * 86_400_000);
    expect(due).toBeLessThan(17 * 86_400_000);
    expect(
      new Date(older.refundDueAt!).toLocaleTimeString('en-GB', { timeZone: 'America/New_York' }),
    ).toBe('23:59:59');

    const b = await paidOrder();
    await deliver(t, admin, b.order._id);
    const newer = await withdraw(b.order, b.user.email);
    // The older one's 14 days have passed.
    await t.db
      .update(returns)
      .set({ refundDueAt: sql`now() - interval '1 day'` })
      .where(eq(returns.id, older._id));
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/returns?limit=100',
      headers: { cookie: admin.cookie },
    });
    const ids = queue.json().data.map((r: { _id: string }) => r._id);
    expect(ids[0]).toBe(older._id);
    expect(ids.indexOf(newer._id)).toBeGreaterThan(0);
    expect(queue.json().data[0]).toMatchObject({
      name: 'Alex Doe',
      refundDueAt: expect.any(String),
    });
  });
});

async function stockOf(productId: string) {
  const [row] = await t.db
    .select({ stock: products.totalStock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}
