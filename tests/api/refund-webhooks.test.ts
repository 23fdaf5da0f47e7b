import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, refunds } from '../../server/src/db/schema';
import type { WebhookDelivery } from '../../server/src/modules/payments/simulator/simulator-webhooks';
import { makePaidOrder, orderRow, paymentRow } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { SIM_CREDENTIALS, type Simulator, startSimulator } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// PAYMENT.CAPTURE.REFUNDED: a refund made in PayPal's dashboard is recorded on the order; the
// webhooks of the shop's own refunds change nothing.
const WEBHOOK_ID = 'WH-TEST-REFUNDS';
let t: TestApp;
let sim: Simulator;
let admin: TestUser;
const delivered: WebhookDelivery[] = [];
const answers = new Map<WebhookDelivery, number>();
beforeAll(async () => {
  sim = await startSimulator({ webhook: { url: 'http://shop.invalid/hook', id: WEBHOOK_ID } });
  t = await createTestApp({ ...sim.env, PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
  admin = await makeUser(t, { role: 'admin' });
  sim.state.webhook!.deliver = async (d) => {
    delivered.push(d);
    answers.set(d, (await send(d)).statusCode);
  };
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: d.headers,
    payload: d.body,
  });

const refundEvents = () => delivered.filter((d) => d.body.includes('PAYMENT.CAPTURE.REFUNDED'));

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** What the merchant does in PayPal's dashboard: a refund of the capture, outside the shop. */
async function refundAtPayPal(captureId: string, value: string) {
  const basic = Buffer.from(`${SIM_CREDENTIALS.clientId}:${SIM_CREDENTIALS.clientSecret}`);
  const token = await fetch(`${sim.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${sim.url}/v2/payments/captures/${captureId}/refund`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: { currency_code: 'USD', value } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const refundRows = (orderId: string) =>
  t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('PAYMENT.CAPTURE.REFUNDED', () => {
  it('records a refund made in PayPal, once, and tells the shopper', async () => {
    const product = await makeProduct(t, { price: 40 });
    const { user, orderId } = await makePaidOrder(t, [{ product }]);
    const { captureId: paymentId } = await paymentRow(t, orderId);
    const before = refundEvents().length;

    const paypalRefundId = await refundAtPayPal(paymentId, '15.00');
    expect(await until(async () => (await orderRow(t, orderId)).refundedCents === 1500)).toBe(true);
    expect(await orderRow(t, orderId)).toMatchObject({
      paymentStatus: 'partially_refunded',
      orderStatus: 'confirmed',
    });
    expect(await refundRows(orderId)).toMatchObject([
      { kind: 'paypal', status: 'completed', amountCents: 1500, paypalRefundId, createdBy: null },
    ]);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, user.email));
    expect(mail.map((m) => m.template)).toContain('orderRefunded');

    // The same event again (a replay) and the same refund under a new event id change nothing.
    const event = refundEvents()[before]!;
    expect((await send(event)).json().message).toBe('replayed');
    const again = sim.state.signedDelivery(
      { ...JSON.parse(event.body), id: 'WH-ANOTHER-DELIVERY-1' },
      sim.url,
    );
    expect((await send(again)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).refundedCents).toBe(1500);
    expect(await refundRows(orderId)).toHaveLength(1);

    // The rest, in PayPal again: the order is refunded in full.
    await refundAtPayPal(paymentId, '25.00');
    expect(await until(async () => (await orderRow(t, orderId)).paymentStatus === 'refunded')).toBe(
      true,
    );
    expect((await orderRow(t, orderId)).refundedCents).toBe(4000);
  });

  it("leaves the shop's own refund as it recorded it", async () => {
    const product = await makeProduct(t, { price: 30 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const before = refundEvents().length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/refund/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { amount: 10, reason: 'Late delivery' },
    });
    expect(res.statusCode).toBe(200);
    expect(await until(() => refundEvents().length > before)).toBe(true);
    const event = refundEvents()[before]!;
    // Delivered while ours was being recorded (503, PayPal delivers again) or after (200).
    expect(await until(() => answers.has(event))).toBe(true);
    expect([200, 503]).toContain(answers.get(event));
    const redelivery = sim.state.signedDelivery(
      { ...JSON.parse(event.body), id: 'WH-REDELIVERY-OF-OURS' },
      sim.url,
    );
    expect((await send(redelivery)).statusCode).toBe(200);
    expect(await refundRows(orderId)).toMatchObject([
      { kind: 'admin', status: 'completed', amountCents: 1000 },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({
      refundedCents: 1000,
      paymentStatus: 'partially_refunded',
    });
  });

  it('waits while a refund of ours is pending: 503, nothing recorded', async () => {
    const product = await makeProduct(t, { price: 20 });
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const { captureId: paymentId } = await paymentRow(t, orderId);
    // A refund of ours whose PayPal answer has not been recorded yet.
    await t.db.insert(refunds).values({
      orderId,
      amountCents: 500,
      kind: 'admin',
      reason: 'In flight',
      createdBy: admin.id,
    });
    const before = refundEvents().length;
    await refundAtPayPal(paymentId, '5.00');
    expect(await until(() => answers.has(refundEvents()[before]!))).toBe(true);
    expect(answers.get(refundEvents()[before]!)).toBe(503);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('paid');
    expect(await refundRows(orderId)).toHaveLength(1);
  });
});
