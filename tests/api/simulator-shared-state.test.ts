import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Database, openPostgres } from '../../server/src/db/client';
import { emailOutbox, paypalSimOrders, refunds, webhookEvents } from '../../server/src/db/schema';
import { createOrder, makeShopperReady, orderCall, orderRow } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { asOwnPages, createTestDatabase, type TestApp } from '../helpers/test-app';

// Issue 23: shop instances behind a load balancer share one database, and the built-in PayPal
// simulator keeps its payments there, so any instance serves any payment, a restart keeps the
// open ones, and racing instances move money (and announce it) once.
const SESSION_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_PATH = '/api/payments/paypal/webhook';
const SANDBOX = '/paypal-sandbox';
type Delivery = { headers: Record<string, string>; body: string };
type Shop = TestApp & { deliveries: Delivery[] };

let database: Database & { url?: string };
let a: Shop;
let b: Shop;
let admin: TestUser;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await openShop();
  b = await openShop();
  admin = await makeUser(a, { role: 'admin' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.close();
});

/** Another instance of the shop on the shared database (its own pool on PostgreSQL). */
async function openShop(): Promise<Shop> {
  const own = database.url ? openPostgres({ url: database.url }) : database;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-test-')),
    }),
    database: own,
    sessionSecret: SESSION_SECRET,
    webRoot: '/nonexistent',
    renderer: null,
  });
  await app.ready();
  const injectAsIs = asOwnPages(app);
  // The simulator delivers its webhooks through app.inject, which its plugin's instance
  // inherits from this one: keep a copy of each.
  const deliveries: Delivery[] = [];
  const inject = app.inject;
  const recording = (opts: InjectOptions | string) => {
    if (typeof opts === 'object' && opts.url === WEBHOOK_PATH) {
      deliveries.push({
        headers: opts.headers as Record<string, string>,
        body: String(opts.payload),
      });
    }
    return inject(opts as InjectOptions);
  };
  Object.assign(app, { inject: recording });
  return {
    app,
    injectAsIs,
    db: own.db,
    database: own,
    deliveries,
    async close() {
      await app.close();
      if (own !== database) await own.close();
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A pending order checked out on `shop`, and where PayPal's approval page is. */
async function checkout(shop: Shop, price = 40) {
  const product = await makeProduct(shop, { price, totalStock: 5 });
  const { user, addressId } = await makeShopperReady(shop, [{ product }]);
  const created = await createOrder(shop, user, addressId);
  expect(created.statusCode).toBe(201);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const url = new URL(approvalURL);
  return {
    user,
    orderId,
    page: `${url.pathname}${url.search}`,
    token: url.searchParams.get('token')!,
  };
}

const approvalPage = (shop: Shop, page: string) => shop.app.inject({ method: 'GET', url: page });

const press = (shop: Shop, button: 'approve' | 'cancel', token: string) =>
  shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}/checkoutnow/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });

const simOrder = async (token: string) =>
  (await a.db.select().from(paypalSimOrders).where(eq(paypalSimOrders.id, token)))[0];

/** An access token from the shop's built-in simulator, as the shop's PayPal client gets one. */
async function accessToken(shop: Shop) {
  const res = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}/v1/oauth2/token`,
    headers: {
      authorization: `Basic ${Buffer.from('sandbox-client-id:sandbox-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const paypalCall = (shop: Shop, token: string, url: string, payload: object, requestId: string) =>
  shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}${url}`,
    headers: { authorization: `Bearer ${token}`, 'paypal-request-id': requestId },
    payload,
  });

const eventsOf = (deliveries: Delivery[], type: string, resourceId: string) =>
  deliveries.filter(
    (d) => d.body.includes(`"event_type":"${type}"`) && d.body.includes(resourceId),
  );

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
    const paid = await orderRow(a, orderId);
    expect(paid).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
    const sim = await simOrder(token);
    expect(sim).toMatchObject({
      status: 'COMPLETED',
      captureId: paid.paymentId,
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
      () => eventsOf(a.deliveries, 'PAYMENT.CAPTURE.REFUNDED', paid.paymentId).length > 0,
    );
    expect(eventsOf(b.deliveries, 'CHECKOUT.ORDER.APPROVED', token)).toHaveLength(1);
    expect(eventsOf(a.deliveries, 'CHECKOUT.ORDER.APPROVED', token)).toHaveLength(0);
    const signedByA = eventsOf(a.deliveries, 'PAYMENT.CAPTURE.REFUNDED', paid.paymentId)[0]!;
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
    a = await openShop();
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
    expect(row.paymentId).toBe((await simOrder(token))?.captureId);
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

async function webhookRows(eventType: string, resourceId: string) {
  const rows = await a.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.eventType, eventType), eq(webhookEvents.resourceId, resourceId)));
  return rows.length;
}
