import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, webhookEvents } from '../../server/src/db/schema';
import type { WebhookDelivery } from '../../server/src/modules/payments/simulator/simulator-webhooks';
import {
  createOrder,
  makeShopperReady,
  orderCall,
  orderRow,
  paymentRow,
  stockOf,
} from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { type Simulator, startSimulator, visitPayPal } from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// PayPal's webhooks: verified through PayPal's verify-webhook-signature API, handled once.
const WEBHOOK_ID = 'WH-TEST-SHOP';
let t: TestApp;
let sim: Simulator;
const delivered: WebhookDelivery[] = [];
beforeAll(async () => {
  sim = await startSimulator({ webhook: { url: 'http://shop.invalid/hook', id: WEBHOOK_ID } });
  t = await createTestApp({ ...sim.env, PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
  // The simulator's deliveries go into the app; a test may hold them back.
  sim.state.webhook!.deliver = async (d) => {
    delivered.push(d);
    if (autoDeliver) await send(d);
  };
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
let autoDeliver = true;

const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: d.headers,
    payload: d.body,
  });

async function approvedOrder() {
  const product = await makeProduct(t, { totalStock: 5 });
  const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
  const { approvalURL, orderId } = (await createOrder(t, user, addressId)).json();
  await visitPayPal(approvalURL);
  const row = await paymentRow(t, orderId);
  return { product, user, orderId: orderId as string, paypalOrderId: row.providerOrderId! };
}

const approvedEvent = (
  paypalOrderId: string,
  id = `WH-${Math.random().toString(36).slice(2)}`,
) => ({
  id,
  event_type: 'CHECKOUT.ORDER.APPROVED',
  resource_type: 'checkout-order',
  resource: { id: paypalOrderId, status: 'APPROVED' },
});

async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('PayPal webhooks', () => {
  it('the approval webhook the simulator sends captures the order', async () => {
    autoDeliver = true;
    const { orderId, user } = await approvedOrder();
    expect(await until(async () => (await orderRow(t, orderId)).paymentStatus === 'paid')).toBe(
      true,
    );
    // The webhook recorded the payment and enqueued the one confirmation; the capture webhook
    // that follows and the shopper's return add none.
    expect((await orderCall(t, user, 'capture', { orderId })).json().data.paymentStatus).toBe(
      'paid',
    );
    await until(async () => delivered.some((d) => d.body.includes('PAYMENT.CAPTURE.COMPLETED')));
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, user.email));
    expect(mails.map((m) => m.template)).toEqual(['orderConfirmed']);
    const approval = delivered.find((d) => d.body.includes('CHECKOUT.ORDER.APPROVED'));
    expect(approval?.headers).toMatchObject({
      'paypal-transmission-id': expect.any(String),
      'paypal-transmission-time': expect.any(String),
      'paypal-transmission-sig': expect.any(String),
      'paypal-cert-url': expect.stringContaining('/v1/notifications/certs/'),
      'paypal-auth-algo': expect.any(String),
    });
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    autoDeliver = false;
    const { product, orderId, paypalOrderId } = await approvedOrder();
    const event = approvedEvent(paypalOrderId);
    const genuine = sim.state.signedDelivery(event, sim.url);
    const captures = sim.state.captures;

    const forged = {
      ...genuine.headers,
      'paypal-transmission-sig': `AAAA${genuine.headers['paypal-transmission-sig']!.slice(4)}`,
    };
    const tampered = genuine.body.replace(paypalOrderId, 'ANOTHERORDER1234');
    const otherHook = { ...sim.state.signedDelivery(event, sim.url) };
    const responses = [
      await send({ body: genuine.body, headers: forged }),
      await send({ body: tampered, headers: genuine.headers }),
      await send({
        body: JSON.stringify({ ...event, id: 'WH-OTHER' }),
        headers: otherHook.headers,
      }),
      await send({ body: genuine.body, headers: { 'content-type': 'application/json' } }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(sim.state.captures).toBe(captures);
    expect(await stockOf(t, product._id)).toBe(3);
    const stored = await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(stored).toEqual([]);
  });

  it('a replayed webhook changes nothing', async () => {
    autoDeliver = false;
    const { orderId, paypalOrderId } = await approvedOrder();
    const delivery = sim.state.signedDelivery(approvedEvent(paypalOrderId), sim.url);
    const first = await send(delivery);
    expect(first.json()).toEqual({ success: true, message: 'processed' });
    const paid = await orderRow(t, orderId);
    expect(paid.paymentStatus).toBe('paid');

    const calls = { ...sim.state.calls };
    const captures = sim.state.captures;
    const again = await send(delivery);
    expect(again.json()).toEqual({ success: true, message: 'replayed' });
    expect(await orderRow(t, orderId)).toEqual(paid);
    // Not even PayPal was asked about the order again.
    expect(sim.state.calls.get).toBe(calls.get);
    expect(sim.state.calls.capture).toBe(calls.capture);
    expect(sim.state.captures).toBe(captures);
  });

  it('a denied capture releases the order and its stock', async () => {
    autoDeliver = false;
    const { product, orderId, paypalOrderId } = await approvedOrder();
    const delivery = sim.state.signedDelivery(
      {
        id: 'WH-DENIED-1',
        event_type: 'PAYMENT.CAPTURE.DENIED',
        resource: {
          id: 'CAP1',
          status: 'DECLINED',
          supplementary_data: { related_ids: { order_id: paypalOrderId } },
        },
      },
      sim.url,
    );
    expect((await send(delivery)).statusCode).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({
      paymentStatus: 'failed',
      orderStatus: 'cancelled',
    });
    expect(await stockOf(t, product._id)).toBe(5);
  });
});
