import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productVariants, refunds } from '../../server/src/db/schema';
import { simulatedRefunds } from '../../server/src/modules/payments/simulator/refund.routes';
import { makePaidOrder, orderCall, orderRow, paymentRow, stockOf } from '../factories/checkout';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { oneLine, startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const refund = (id: string, body: object, who: TestUser = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/refund/${id}`,
    headers: { cookie: who.cookie },
    payload: body,
  });
const setStatus = (id: string, orderStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/update/${id}`,
    headers: { cookie: admin.cookie },
    payload: { orderStatus },
  });
const paidAt = async (orderId: string) => (await paymentRow(t, orderId)).captureId;

describe('a shopper cancels a paid order', () => {
  it('refunds it in full at PayPal, cancels it, returns the stock and emails the shopper', async () => {
    const product = await makeProduct(t, { title: 'Cancelled coat', price: 80, totalStock: 3 });
    const { user, orderId, order } = await makePaidOrder(t, [{ product, quantity: 2 }]);
    expect(await stockOf(t, product._id)).toBe(1);

    const res = await orderCall(t, user, 'cancel', { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your order was cancelled and refunded',
      data: {
        orderStatus: 'cancelled',
        paymentStatus: 'refunded',
        totalAmount: 160,
        refundedAmount: 160,
      },
    });
    expect(await stockOf(t, product._id)).toBe(3);
    expect(simulatedRefunds(sim.state, await paidAt(orderId))).toBe(16_000);

    const mails = await smtp.waitFor(2, user.email);
    const cancelled = mails.find((m) => m.subject.includes('cancelled'))!;
    expect(cancelled.subject).toBe(`Order #${order.orderNumber} cancelled · The E-Commerce Store`);
    expect(cancelled.text).toContain('$160.00 was refunded');
    expect(cancelled.text).toMatch(/Refunded\s+\$160\.00/);

    // A second cancel changes nothing and refunds nothing more.
    const again = await orderCall(t, user, 'cancel', { orderId });
    expect(again.statusCode).toBe(409);
    expect(simulatedRefunds(sim.state, await paidAt(orderId))).toBe(16_000);
    expect(await stockOf(t, product._id)).toBe(3);
  });

  it('returns each size to its own variant', async () => {
    const product = await makeProduct(t, {
      variants: [
        { size: 'S', color: 'Red', totalStock: 2 },
        { size: 'M', color: 'Red', totalStock: 4 },
      ],
    });
    const [small, medium] = [variantOf(product, 'S', 'Red'), variantOf(product, 'M', 'Red')];
    const { user, orderId } = await makePaidOrder(t, [
      { product, quantity: 2, variantId: small._id },
      { product, quantity: 1, variantId: medium._id },
    ]);
    const variantStock = async () =>
      (
        await t.db
          .select({ size: productVariants.size, stock: productVariants.totalStock })
          .from(productVariants)
          .where(eq(productVariants.productId, product._id))
          .orderBy(productVariants.size)
      ).map((v) => `${v.size}:${v.stock}`);
    expect(await variantStock()).toEqual(['M:3', 'S:0']);
    expect(await stockOf(t, product._id)).toBe(3);

    expect((await orderCall(t, user, 'cancel', { orderId })).statusCode).toBe(200);
    expect(await variantStock()).toEqual(['M:4', 'S:2']);
    expect(await stockOf(t, product._id)).toBe(6);
  });

  it('refuses once the order has shipped, and refuses other shoppers', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const { user, orderId } = await makePaidOrder(t, [{ product }]);
    const stranger = await makeUser(t);
    const foreign = await orderCall(t, stranger, 'cancel', { orderId });
    expect(foreign.statusCode).toBe(403);

    expect((await setStatus(orderId, 'inShipping')).statusCode).toBe(200);
    const res = await orderCall(t, user, 'cancel', { orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has shipped and can no longer be cancelled');
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      orderStatus: 'inShipping',
      paymentStatus: 'paid',
      refundedCents: 0,
    });
    expect(await stockOf(t, product._id)).toBe(4);
  });
});

describe('the admin refunds', () => {
  it('part of an order, which stays open, then the rest; never more', async () => {
    const product = await makeProduct(t, { title: 'Partly refunded boots', price: 50 });
    const { user, orderId, order } = await makePaidOrder(t, [{ product }]);

    const part = await refund(orderId, { amount: 12.5, reason: 'Scuffed on arrival' });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({
      orderStatus: 'confirmed',
      paymentStatus: 'partially_refunded',
      refundedAmount: 12.5,
    });
    const mails = await smtp.waitFor(2, user.email);
    const refunded = mails.find((m) => m.subject.startsWith('Refund'))!;
    expect(refunded.subject).toBe(
      `Refund of $12.50 for order #${order.orderNumber} · The E-Commerce Store`,
    );
    expect(refunded.text).toContain('Reason: Scuffed on arrival');
    // The address as a label reads, its country included.
    expect(oneLine(refunded.text)).toContain('1 Checkout Lane Springfield IL 62701 United States');
    expect(oneLine(refunded.text)).toContain(
      `We refunded $12.50 of your order #${order.orderNumber} to your PayPal account (in total $12.50 of $50.00)`,
    );

    // Still fulfilled as usual.
    expect((await setStatus(orderId, 'inProcess')).statusCode).toBe(200);

    const tooMuch = await refund(orderId, { amount: 40, reason: 'Oops' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('At most $37.50 of this order can still be refunded');

    const rest = await refund(orderId, { reason: 'Returned' });
    expect(rest.json().data).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 50 });
    const second = (await smtp.waitFor(4, user.email)).filter((m) =>
      m.subject.startsWith('Refund'),
    );
    expect(second.map((m) => oneLine(m.text))).toContainEqual(
      expect.stringContaining('We refunded $37.50 of your order'),
    );
    expect(second.map((m) => oneLine(m.text))).toContainEqual(
      expect.stringContaining('(in total $50.00 of $50.00)'),
    );
    expect((await refund(orderId, { amount: 0.01, reason: 'More' })).statusCode).toBe(409);
    expect(simulatedRefunds(sim.state, await paidAt(orderId))).toBe(5_000);
  });

  it('two refunds racing past the paid total: one is refused, the total holds', async () => {
    const product = await makeProduct(t, { price: 50 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const results = await Promise.all([
      refund(orderId, { amount: 30, reason: 'first' }),
      refund(orderId, { amount: 30, reason: 'second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await orderRow(t, orderId);
    expect(row.refundedCents).toBe(3_000);
    expect(row.paymentStatus).toBe('partially_refunded');
    expect(simulatedRefunds(sim.state, (await paymentRow(t, orderId)).captureId)).toBe(3_000);
  });

  it('frees the reserved amount when PayPal refuses the refund', async () => {
    const product = await makeProduct(t, { price: 20 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const captureId = await paidAt(orderId);
    // Someone refunded at PayPal directly: PayPal now refuses more than what is left.
    await t.app.services.payments.client.refundCapture(
      captureId,
      { amount: { currency_code: 'USD', value: '15.00' } },
      'outside-the-shop',
    );
    const res = await refund(orderId, { amount: 10, reason: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('PayPal refused the refund');
    expect(await orderRow(t, orderId)).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
    expect((await refund(orderId, { amount: 5, reason: 'What is left' })).statusCode).toBe(200);
  });

  it('settles a refund left pending by an instance that stopped, once, whether PayPal made it or not', async () => {
    const settle = () => t.app.services.refunds.settlePending(new Date(Date.now() + 10 * 60_000));
    for (const paypalAlreadyRefunded of [false, true]) {
      const product = await makeProduct(t, { price: 30 });
      const { orderId } = await makePaidOrder(t, [{ product }]);
      const captureId = await paidAt(orderId);
      // What an instance leaves behind when it stops between reserving and hearing from PayPal.
      const [pending] = await t.db
        .insert(refunds)
        .values({ orderId, amountCents: 1000, kind: 'admin', reason: 'Late', createdBy: admin.id })
        .returning();
      await t.db.update(orders).set({ refundedCents: 1000 }).where(eq(orders.id, orderId));
      if (paypalAlreadyRefunded) {
        await t.app.services.payments.client.refundCapture(
          captureId,
          { amount: { currency_code: 'USD', value: '10.00' } },
          pending!.id,
        );
      }
      expect(await settle()).toBe(1);
      expect(await settle()).toBe(0);
      expect(simulatedRefunds(sim.state, captureId)).toBe(1000);
      expect(await orderRow(t, orderId)).toMatchObject({
        refundedCents: 1000,
        paymentStatus: 'partially_refunded',
      });
    }
  });

  it('refuses unpaid orders, shoppers, and bad input, changing nothing', async () => {
    const product = await makeProduct(t);
    const { user, orderId } = await makePaidOrder(t, [{ product }]);
    expect((await refund(orderId, { reason: 'x' }, user)).statusCode).toBe(403);
    for (const body of [
      {},
      { reason: '' },
      { amount: -1, reason: 'x' },
      { amount: 0, reason: 'x' },
      { amount: 1.234, reason: 'x' },
      { amount: '5', reason: 'x' },
      { reason: 'x', extra: true },
    ]) {
      expect((await refund(orderId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await refund('not-an-id', { reason: 'x' })).statusCode).toBe(404);
    expect((await orderRow(t, orderId)).refundedCents).toBe(0);
  });

  it('counts revenue net of refunds on the dashboard', async () => {
    const dashboard = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/stats/dashboard',
          headers: { cookie: admin.cookie },
        })
      ).json().data.revenue as number;
    const before = await dashboard();
    const product = await makeProduct(t, { price: 40 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    expect(await dashboard()).toBeCloseTo(before + 40, 2);
    await refund(orderId, { amount: 15, reason: 'Discount' });
    expect(await dashboard()).toBeCloseTo(before + 25, 2);
  });
});
