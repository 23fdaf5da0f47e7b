import { toCents } from '@contract/money';
import { WITHDRAWAL_MESSAGE } from '@contract/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedRefunds } from '../../server/src/modules/payments/simulator/refund.routes';
import { makePaidOrder, orderRow, paymentRow } from '../factories/checkout';
import { GUEST_ENV, makeGuestPaidOrder } from '../factories/guests';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { deliver, deliveredDaysAgo, mailsTo, returnCount, returnStep } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
let admin: TestUser;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({
    ...sim.env,
    ...smtp.env,
    ...GUEST_ENV,
    RETURN_DAYS: '20',
    AUTH_RATE_LIMIT_PER_MINUTE: '30',
  });
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

/** Polls until `check` holds: the withdrawal is recorded after its answer. */
async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

let ip = 0;
/** Each call from its own address, so only the rate-limit test meets the per-address budget. */
const withdraw = (payload: object, from = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/withdrawals',
    payload: { name: 'Alex Doe', ...payload },
    remoteAddress: from,
  });

async function guestOrder(lines = 2) {
  const products = await Promise.all(
    Array.from({ length: lines }, (_, i) =>
      makeProduct(t, { title: `Item ${i + 1}`, price: 30 + i, totalStock: 5 }),
    ),
  );
  return makeGuestPaidOrder(
    t,
    products.map((product) => ({ product })),
  );
}

describe('the withdrawal function', () => {
  it('a guest withdraws with number and email: the acknowledgment states the date, the lines and what comes next', async () => {
    const { orderId, order, email } = await guestOrder();
    await deliver(t, admin, orderId);
    const res = await withdraw({
      orderNumber: `#${order.orderNumber}`,
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: WITHDRAWAL_MESSAGE });
    // Sent to the address the order keeps, not to what was typed.
    const withdrawalMails = () =>
      smtp.received.filter((m) => m.to.includes(email) && m.subject.includes('withdrawal'));
    await waitFor(async () => withdrawalMails().length > 0);
    const [mail] = withdrawalMails();
    expect(mail!.subject).toBe(
      `Acknowledgment of your withdrawal from order #${order.orderNumber} · The E-Commerce Store`,
    );
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(mail!.text).toMatch(new RegExp(`on ${day} at \\d{2}:\\d{2} UTC`));
    expect(mail!.text).toContain('Item 1 × 1');
    expect(mail!.text).toContain('Item 2 × 1');
    expect(mail!.text).toContain('Send the items back within 14 days');
    const row = (await t.app.services.orders.find(orderId))!;
    expect(row.returns).toEqual([
      expect.objectContaining({ kind: 'withdrawal', status: 'requested' }),
    ]);
    expect(row.returns[0]!.lines.map((l) => l.quantity)).toEqual([1, 1]);
  });

  it('answers alike for a wrong email or number, and records and sends nothing', async () => {
    const { orderId, order, email } = await guestOrder(1);
    for (const body of [
      { orderNumber: order.orderNumber, email: `other-${email}` },
      { orderNumber: 999_999_999, email },
    ]) {
      const res = await withdraw(body);
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(WITHDRAWAL_MESSAGE);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await returnCount(t, orderId)).toBe(0);
    expect(await mailsTo(t, email, 'withdrawalNotRecorded')).toEqual([]);
  });

  it('an account’s order matches the account’s email; named lines only', async () => {
    const [a, b] = await Promise.all([
      makeProduct(t, { title: 'Boots', totalStock: 5 }),
      makeProduct(t, { title: 'Belt', totalStock: 5 }),
    ]);
    const { user, orderId, order } = await makePaidOrder(t, [
      { product: a, quantity: 2 },
      { product: b },
    ]);
    const boots = order.cartItems.find((i) => i.title === 'Boots')!;
    await withdraw({
      orderNumber: order.orderNumber,
      email: user.email,
      lines: [{ lineId: boots.lineId, quantity: 1 }],
    });
    await waitFor(async () => (await returnCount(t, orderId)) === 1);
    const [ret] = (await t.app.services.orders.find(orderId))!.returns;
    expect(ret!.lines).toEqual([expect.objectContaining({ lineId: boots.lineId, quantity: 1 })]);
    // Not shipped yet: nothing needs to come back.
    const [mail] = await mailsTo(t, user.email, 'withdrawalReceived');
    expect(mail!.text).toContain('have not shipped yet, so there is nothing to send back');
  });

  it('the period ends 14 days after delivery (RETURN_DAYS is the return window): the email says why', async () => {
    const { orderId, order, email } = await guestOrder(1);
    await deliver(t, admin, orderId);
    // Past the end of day 14 and of any weekend after it.
    await deliveredDaysAgo(t, orderId, 17.1);
    await withdraw({ orderNumber: order.orderNumber, email });
    await waitFor(async () => (await mailsTo(t, email, 'withdrawalNotRecorded')).length === 1);
    const [mail] = await mailsTo(t, email, 'withdrawalNotRecorded');
    expect(mail!.text).toMatch(/the withdrawal period of this order ended on \d+ \w+ \d{4}/);
    expect(await returnCount(t, orderId)).toBe(0);
    await deliveredDaysAgo(t, orderId, 13.9);
    await withdraw({ orderNumber: order.orderNumber, email });
    await waitFor(async () => (await returnCount(t, orderId)) === 1);
  });

  it('a whole order withdrawn before shipping is approved, received without a parcel and refunded with its shipping', async () => {
    const { orderId, order, email } = await guestOrder(2);
    expect(order.shippingAmount).toBeGreaterThan(0);
    await withdraw({ orderNumber: order.orderNumber, email });
    await waitFor(async () => (await returnCount(t, orderId)) === 1);
    const [ret] = (await t.app.services.orders.find(orderId))!.returns;
    const id = ret!._id;
    await returnStep(t, admin, id, 'approve', { instructions: 'Nothing to send: not shipped' });
    await returnStep(t, admin, id, 'receive', {
      lines: ret!.lines.map((l) => ({ lineId: l.lineId, restock: true })),
    });
    const [received] = await mailsTo(t, email, 'returnReceived');
    expect(received!.text).toContain('were stopped before shipping');
    const refunded = await returnStep(t, admin, id, 'refund');
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refundAmount: order.totalAmount,
      shippingRefundAmount: order.shippingAmount,
    });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      refundedCents: toCents(order.totalAmount),
      paymentStatus: 'refunded',
    });
    expect(simulatedRefunds(sim.state, (await paymentRow(t, orderId)).captureId)).toBe(
      toCents(order.totalAmount),
    );
    // Nothing is left to withdraw: the email says so.
    await withdraw({ orderNumber: order.orderNumber, email });
    await waitFor(async () => (await mailsTo(t, email, 'withdrawalNotRecorded')).length === 1);
    expect(await returnCount(t, orderId)).toBe(1);
  });

  it('refuses bad bodies with 400', async () => {
    for (const body of [
      { orderNumber: 'abc', email: 'a@example.com' },
      { orderNumber: 100001, email: 'not-an-email' },
      { orderNumber: 100001, email: 'a@example.com', lines: [{ lineId: 'x', quantity: 1 }] },
      { orderNumber: 100001, email: 'a@example.com', userId: 'me' },
      { orderNumber: 100001, email: 'a@example.com', name: '' },
      { orderNumber: 100001, email: 'a@example.com', name: 'x'.repeat(201) },
    ]) {
      expect((await withdraw(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is rate limited per address, as the order lookup', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      codes.push(
        (await withdraw({ orderNumber: 1, email: `probe${i}@example.com` }, '10.9.9.9')).statusCode,
      );
    }
    expect(codes.slice(0, 30).every((c) => c === 202)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
