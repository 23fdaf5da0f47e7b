import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { refunds } from '../../server/src/db/schema';
import { orderCall, orderRow, paymentRow } from '../factories/checkout';
import { makeUser, type TestUser } from '../factories/users';
import {
  accessToken,
  approvalPage,
  checkout,
  eventsOf,
  openShop,
  paypalCall,
  press,
  type Shop,
  simOrderIn,
  until,
  WEBHOOK_PATH,
} from '../helpers/simulator-shops';
import { createTestDatabase } from '../helpers/test-app';

// Issue 23: shop instances behind a load balancer share one database, and the built-in PayPal
// simulator keeps its payments there, so any instance serves any payment, a restart keeps the
// open ones, and racing instances move money (and announce it) once.
// Racing instances are in simulator-races.test.ts.
let database: Database & { url?: string };
let a: Shop;
let b: Shop;
let admin: TestUser;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await openShop(database);
  b = await openShop(database);
  admin = await makeUser(a, { role: 'admin' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.close();
});

const simOrder = (token: string) => simOrderIn(a, token);

describe('the built-in PayPal simulator across instances', () => {
  it('serves a payment on any instance: approval, capture, refund, webhook signatures', async () => {
    const { user, orderId, page, token } = await checkout(a);

    const shown = await approvalPage(b, page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('no money moves');
    expect(shown.body).toContain('Approve');
    const approved = await press(b, 'approve', token);
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location as string);
    expect(back.searchParams.get('token')).toBe(token);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

    const captured = await orderCall(b, user, 'capture', { orderId, paymentId: token });
    expect(captured.statusCode).toBe(200);
    expect(await orderRow(a, orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
    });
    const paid = await paymentRow(a, orderId);
    expect(paid.status).toBe('captured');
    const sim = await simOrder(token);
    expect(sim).toMatchObject({
      status: 'COMPLETED',
      captureId: paid.captureId,
      amountCents: 4000,
    });

    const refunded = await a.app.inject({
      method: 'POST',
      url: `/api/admin/orders/refund/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { amount: 15, reason: 'Scuffed' },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await simOrder(token))?.refundedCents).toBe(1500);
    const [refund] = await a.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'completed', amountCents: 1500 });

    // The approval was announced by B, which approved; the refund by A, which refunded.
    await until(
      () => eventsOf(a.deliveries, 'PAYMENT.CAPTURE.REFUNDED', paid.captureId).length > 0,
    );
    expect(eventsOf(b.deliveries, 'CHECKOUT.ORDER.APPROVED', token)).toHaveLength(1);
    expect(eventsOf(a.deliveries, 'CHECKOUT.ORDER.APPROVED', token)).toHaveLength(0);
    const signedByA = eventsOf(a.deliveries, 'PAYMENT.CAPTURE.REFUNDED', paid.captureId)[0]!;
    const h = signedByA.headers;
    const verified = await paypalCall(
      b,
      await accessToken(a),
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: h['paypal-auth-algo'],
        cert_url: h['paypal-cert-url'],
        transmission_id: h['paypal-transmission-id'],
        transmission_sig: h['paypal-transmission-sig'],
        transmission_time: h['paypal-transmission-time'],
        webhook_id: 'WH-SANDBOX-SIMULATOR',
        webhook_event: JSON.parse(signedByA.body),
      },
      'verify-1',
    );
    expect(verified.json()).toEqual({ verification_status: 'SUCCESS' });
    // The delivery itself, sent to B instead of A, is accepted as genuine (and changes nothing).
    const redelivered = await b.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: signedByA.headers,
      payload: signedByA.body,
    });
    expect(redelivered.statusCode).toBe(200);
    expect((await orderRow(a, orderId)).refundedCents).toBe(1500);
  });

  it('keeps an open payment when an instance restarts', async () => {
    const { user, orderId, page, token } = await checkout(a);
    await a.close();
    a = await openShop(database);
    expect((await approvalPage(a, page)).statusCode).toBe(200);
    expect((await press(a, 'approve', token)).statusCode).toBe(303);
    const captured = await orderCall(a, user, 'capture', { orderId, paymentId: token });
    expect(captured.statusCode).toBe(200);
    expect(await orderRow(a, orderId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('cancel at PayPal on another instance returns the shopper to the cancel page', async () => {
    const { token, page } = await checkout(a);
    expect((await approvalPage(b, page)).statusCode).toBe(200);
    const cancelled = await press(b, 'cancel', token);
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location as string).searchParams.get('token')).toBe(token);
  });
});
