import { toCents } from '@contract/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../server/src/db/schema';
import { simulatedRefunds } from '../../server/src/modules/payments/simulator/refund.routes';
import { orderRow, paymentRow } from '../factories/checkout';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct, variantOf } from '../factories/products';
import {
  askReturn,
  deliver,
  deliveredDaysAgo,
  mailsTo,
  makeOrderInCalifornia,
  returnStep,
} from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp();
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const refundedAtPayPal = async (orderId: string) =>
  simulatedRefunds(t.sim.state, (await paymentRow(t, orderId)).captureId);

/** Approves and receives a return (restocking every line), ready to refund. */
async function approveAndReceive(id: string, lineIds: string[]) {
  expect(
    (await returnStep(t, admin, id, 'approve', { instructions: 'Send it back' })).statusCode,
  ).toBe(200);
  const received = await returnStep(t, admin, id, 'receive', {
    lines: lineIds.map((lineId) => ({ lineId, restock: true })),
  });
  expect(received.statusCode).toBe(200);
}

/** Three lines bought with a 10% code and California's tax, delivered. */
async function taxedOrder() {
  const code = await makeDiscount(t, { type: 'percent', value: 10 });
  const [coat, scarf, socks] = await Promise.all([
    makeProduct(t, { title: 'Coat', price: 89.99, totalStock: 5 }),
    makeProduct(t, { title: 'Scarf', price: 24.95, totalStock: 5 }),
    makeProduct(t, { title: 'Socks', price: 7.5, totalStock: 5 }),
  ]);
  const bought = await makeOrderInCalifornia(
    t,
    [
      { product: coat, quantity: 1 },
      { product: scarf, quantity: 3 },
      { product: socks, quantity: 2 },
    ],
    { discountCode: code.code },
  );
  await deliver(t, admin, bought.orderId);
  const line = (title: string) => bought.order.cartItems.find((i) => i.title === title)!;
  return { ...bought, line };
}

describe('a return is refunded its share of what was paid', () => {
  it('one of three lines refunds exactly its price less its discount plus its tax', async () => {
    const { user, orderId, order, line } = await taxedOrder();
    const scarf = line('Scarf');
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(scarf.discount).toBeGreaterThan(0);
    expect(scarf.tax).toBeGreaterThan(0);
    const expected = toCents(scarf.price) * 3 - toCents(scarf.discount) + toCents(scarf.tax);

    const asked = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: scarf.lineId, quantity: 3, reason: 'changedMind' }],
    });
    const id = asked.json().data._id;
    await approveAndReceive(id, [scarf.lineId]);
    const refunded = await returnStep(t, admin, id, 'refund');
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refundAmount: expected / 100,
      shippingRefundAmount: 0,
    });
    expect(await refundedAtPayPal(orderId)).toBe(expected);
    expect(await orderRow(t, orderId)).toMatchObject({
      refundedCents: expected,
      paymentStatus: 'partially_refunded',
    });
    const [mail] = await mailsTo(t, user.email, 'orderRefunded');
    expect(mail!.text).toContain(`Return of order #${order.orderNumber}`);
  });

  it('returned unit by unit, a line never refunds more than it cost, and all of it in the end', async () => {
    const { user, orderId, line } = await taxedOrder();
    const scarf = line('Scarf');
    const whole = toCents(scarf.price) * 3 - toCents(scarf.discount) + toCents(scarf.tax);
    let total = 0;
    for (let i = 0; i < 3; i += 1) {
      const asked = await askReturn(t, user, {
        orderId,
        lines: [{ lineId: scarf.lineId, quantity: 1, reason: 'tooLarge' }],
      });
      await approveAndReceive(asked.json().data._id, [scarf.lineId]);
      const refunded = await returnStep(t, admin, asked.json().data._id, 'refund');
      const cents = toCents(refunded.json().data.refundAmount);
      expect(cents).toBeLessThanOrEqual(Math.ceil(whole / 3));
      total += cents;
      expect(total).toBeLessThanOrEqual(whole);
    }
    expect(total).toBe(whole);
    expect(await refundedAtPayPal(orderId)).toBe(whole);
  });
});

describe('each step happens once', () => {
  it('racing approve clicks: one approves and emails, the others get 409', async () => {
    const { user, orderId, line } = await taxedOrder();
    const asked = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: line('Coat').lineId, quantity: 1, reason: 'tooSmall' }],
    });
    const id = asked.json().data._id;
    const clicks = await Promise.all(
      [1, 2, 3].map(() => returnStep(t, admin, id, 'approve', { instructions: 'Label inside' })),
    );
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409]);
    expect(clicks.find((c) => c.statusCode === 409)!.json().message).toBe(
      'This return is already approved',
    );
    const mails = await mailsTo(t, user.email, 'returnApproved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Label inside');
    const refuse = await returnStep(t, admin, id, 'refuse', { reason: 'Too late' });
    expect(refuse.statusCode).toBe(409);
  });

  it('racing refund clicks refund once', async () => {
    const { user, orderId, line } = await taxedOrder();
    const coat = line('Coat');
    const asked = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: coat.lineId, quantity: 1, reason: 'damaged' }],
    });
    const id = asked.json().data._id;
    await approveAndReceive(id, [coat.lineId]);
    const clicks = await Promise.all([1, 2, 3].map(() => returnStep(t, admin, id, 'refund')));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409]);
    const expected = toCents(coat.price) - toCents(coat.discount) + toCents(coat.tax);
    expect(await refundedAtPayPal(orderId)).toBe(expected);
    expect((await orderRow(t, orderId)).refundedCents).toBe(expected);
    expect(await mailsTo(t, user.email, 'orderRefunded')).toHaveLength(1);
  });

  it('a refund PayPal refuses puts the return back at received, to be refunded again', async () => {
    const { user, orderId, line } = await taxedOrder();
    const coat = line('Coat');
    const asked = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: coat.lineId, quantity: 1, reason: 'damaged' }],
    });
    const id = asked.json().data._id;
    await approveAndReceive(id, [coat.lineId]);
    // Most of the capture was refunded at PayPal directly: PayPal refuses the coat's share.
    const row = await orderRow(t, orderId);
    await t.app.services.payments.client.refundCapture(
      (await paymentRow(t, orderId)).captureId,
      { amount: { currency_code: 'USD', value: ((row.totalCents - 100) / 100).toFixed(2) } },
      `outside-${orderId}`,
    );
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await returnStep(t, admin, id, 'refund');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('PayPal refused the refund');
      const [ret] = (await t.app.services.orders.find(orderId))!.returns;
      expect(ret).toMatchObject({ status: 'received', refundAmount: 0, refundedAt: null });
      expect((await orderRow(t, orderId)).refundedCents).toBe(0);
    }
  });

  it('steps keep their order: no receipt before approval, no refund before receipt', async () => {
    const { user, orderId, line } = await taxedOrder();
    // An ordinary return (after the withdrawal period) is approved before it is received.
    await deliveredDaysAgo(t, orderId, 20);
    const socks = line('Socks');
    const asked = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: socks.lineId, quantity: 2, reason: 'other' }],
    });
    const id = asked.json().data._id;
    const early = await returnStep(t, admin, id, 'receive', {
      lines: [{ lineId: socks.lineId, restock: true }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This return is not approved yet: approve or refuse it first',
    );
    await returnStep(t, admin, id, 'approve', { instructions: 'Post it' });
    const refund = await returnStep(t, admin, id, 'refund');
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe('Mark this return received before refunding it');
    expect(
      (await returnStep(t, admin, '00000000-0000-4000-8000-000000000000', 'refund')).statusCode,
    ).toBe(404);
    expect(await refundedAtPayPal(orderId)).toBe(0);
  });
});

describe('receiving a return', () => {
  it('puts restocked lines back into their size’s stock, and not the others', async () => {
    const shirt = await makeProduct(t, {
      title: 'Oxford shirt',
      variants: [
        { size: 'S', color: 'Blue', totalStock: 3 },
        { size: 'L', color: 'Blue', totalStock: 3 },
      ],
    });
    const [small, large] = [variantOf(shirt, 'S', 'Blue'), variantOf(shirt, 'L', 'Blue')];
    const { user, orderId, order } = await makeOrderInCalifornia(t, [
      { product: shirt, quantity: 2, variantId: small._id },
      { product: shirt, quantity: 1, variantId: large._id },
    ]);
    await deliver(t, admin, orderId);
    const lineOf = (size: string) => order.cartItems.find((i) => i.size === size)!.lineId;
    const asked = await askReturn(t, user, {
      orderId,
      lines: [
        { lineId: lineOf('S'), quantity: 2, reason: 'tooSmall' },
        { lineId: lineOf('L'), quantity: 1, reason: 'damaged' },
      ],
    });
    const id = asked.json().data._id;
    await returnStep(t, admin, id, 'approve', { instructions: 'Post it' });
    const stock = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ size: productVariants.size, stock: productVariants.totalStock })
            .from(productVariants)
            .where(eq(productVariants.productId, shirt._id))
        ).map((v) => [v.size, v.stock]),
      );
    expect(await stock()).toEqual({ S: 1, L: 2 });
    // Every line must be named once: nothing changes otherwise.
    for (const lines of [
      [{ lineId: lineOf('S'), restock: true }],
      [
        { lineId: lineOf('S'), restock: true },
        { lineId: lineOf('S'), restock: true },
      ],
      [
        { lineId: lineOf('S'), restock: true },
        { lineId: orderId, restock: true },
      ],
    ]) {
      expect((await returnStep(t, admin, id, 'receive', { lines })).statusCode).toBe(400);
    }
    expect(await stock()).toEqual({ S: 1, L: 2 });
    const received = await returnStep(t, admin, id, 'receive', {
      lines: [
        { lineId: lineOf('S'), restock: true },
        { lineId: lineOf('L'), restock: false },
      ],
    });
    expect(received.statusCode).toBe(200);
    expect(received.json().data.status).toBe('received');
    expect(await stock()).toEqual({ S: 3, L: 2 });
    const again = await returnStep(t, admin, id, 'receive', {
      lines: [
        { lineId: lineOf('S'), restock: true },
        { lineId: lineOf('L'), restock: true },
      ],
    });
    expect(again.statusCode).toBe(409);
    expect(await stock()).toEqual({ S: 3, L: 2 });
    expect(await mailsTo(t, user.email, 'returnReceived')).toHaveLength(1);
  });
});
