import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { emailOutbox } from '../../server/src/db/schema';
import { orderCall, orderRow, paymentRow } from '../factories/checkout';
import {
  accessToken,
  checkout,
  eventsOf,
  openShop,
  paypalCall,
  press,
  type Shop,
  simOrderIn,
  until,
  webhookRowsIn,
} from '../helpers/simulator-shops';
import { createTestDatabase } from '../helpers/test-app';

// Issue 23: shop instances behind a load balancer share one database and the built-in PayPal
// simulator's payments; instances racing on one payment move money (and announce it) once.
let database: Database & { url?: string };
let a: Shop;
let b: Shop;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await openShop(database);
  b = await openShop(database);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.close();
});

const simOrder = (token: string) => simOrderIn(a, token);
const webhookRows = (eventType: string, resourceId: string) =>
  webhookRowsIn(a, eventType, resourceId);

describe('the built-in PayPal simulator across instances', () => {
  it('approving on two instances at once announces the approval once', async () => {
    const { token } = await checkout(a);
    const both = await Promise.all([press(a, 'approve', token), press(b, 'approve', token)]);
    expect(both.map((r) => r.statusCode)).toEqual([303, 303]);
    const payers = both.map((r) =>
      new URL(r.headers.location as string).searchParams.get('PayerID'),
    );
    expect(payers[0]).toBe(payers[1]);
    await until(async () => (await webhookRows('CHECKOUT.ORDER.APPROVED', token)) > 0);
    await new Promise((r) => setTimeout(r, 700));
    const sent = [...a.deliveries, ...b.deliveries];
    expect(eventsOf(sent, 'CHECKOUT.ORDER.APPROVED', token)).toHaveLength(1);
  });

  it('two instances capturing one payment at once move the money once', async () => {
    const [tokenA, tokenB] = [await accessToken(a), await accessToken(b)];
    // Different request ids: one capture, and PayPal's ORDER_ALREADY_CAPTURED for the other.
    const first = await checkout(a);
    await press(b, 'approve', first.token);
    const url = `/v2/checkout/orders/${first.token}/capture`;
    const racing = await Promise.all([
      paypalCall(a, tokenA, url, {}, 'race-a'),
      paypalCall(b, tokenB, url, {}, 'race-b'),
    ]);
    const statuses = racing.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 422]);
    const refused = racing.find((r) => r.statusCode === 422)!.json();
    expect(refused.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
    // The same request id: one capture, replayed to the other caller.
    const second = await checkout(b);
    await press(a, 'approve', second.token);
    const sameKey = `/v2/checkout/orders/${second.token}/capture`;
    const replayed = await Promise.all([
      paypalCall(a, tokenA, sameKey, {}, 'same-key'),
      paypalCall(b, tokenB, sameKey, {}, 'same-key'),
    ]);
    expect(replayed.map((r) => r.statusCode)).toEqual([201, 201]);
    const captureIds = replayed.map((r) => r.json().purchase_units[0].payments.captures[0].id);
    expect(captureIds[0]).toBe(captureIds[1]);
    expect((await simOrder(second.token))?.captureId).toBe(captureIds[0]);
    await until(async () => (await webhookRows('PAYMENT.CAPTURE.COMPLETED', captureIds[0])) > 0);
    await new Promise((r) => setTimeout(r, 700));
    const sent = [...a.deliveries, ...b.deliveries];
    expect(eventsOf(sent, 'PAYMENT.CAPTURE.COMPLETED', second.token)).toHaveLength(1);
  });

  it('a shopper capturing on two instances at once pays once', async () => {
    const { user, orderId, token } = await checkout(a);
    await press(a, 'approve', token);
    const answers = await Promise.all([
      orderCall(a, user, 'capture', { orderId, paymentId: token }),
      orderCall(b, user, 'capture', { orderId, paymentId: token }),
    ]);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    const row = await orderRow(a, orderId);
    expect(row).toMatchObject({ paymentStatus: 'paid' });
    expect((await paymentRow(a, orderId)).captureId).toBe((await simOrder(token))?.captureId);
    const confirmations = await a.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.recipient, user.email), eq(emailOutbox.template, 'orderConfirmed')),
      );
    expect(confirmations).toHaveLength(1);
  });

  it('two instances refunding at once never refund more than was captured', async () => {
    const { user, orderId, token } = await checkout(a, 50);
    await press(b, 'approve', token);
    expect((await orderCall(b, user, 'capture', { orderId, paymentId: token })).statusCode).toBe(
      200,
    );
    const captureId = (await simOrder(token))!.captureId!;
    const url = `/v2/payments/captures/${captureId}/refund`;
    const amount = { currency_code: 'USD', value: '30.00' };
    const racing = await Promise.all([
      paypalCall(a, await accessToken(a), url, { amount }, 'refund-a'),
      paypalCall(b, await accessToken(b), url, { amount }, 'refund-b'),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = racing.find((r) => r.statusCode === 422)!.json();
    expect(refused.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');
    // What is left, asked for without an amount from both at once: refunded once.
    const rest = await Promise.all([
      paypalCall(a, await accessToken(a), url, {}, 'rest-a'),
      paypalCall(b, await accessToken(b), url, {}, 'rest-b'),
    ]);
    expect(rest.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refunded = rest.find((r) => r.statusCode === 201)!.json();
    expect(refunded.amount).toEqual({ currency_code: 'USD', value: '20.00' });
    expect((await simOrder(token))?.refundedCents).toBe(5000);
  });
});
