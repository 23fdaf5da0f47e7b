import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayments, orders, refunds } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A migration runs on a database that holds orders: each one here is applied to orders written
// before it, and the orders answer as they did.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const runMigration = async (file: string) => {
  const text = readFileSync(`server/src/db/migrations/${file}`, 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    await t.db.execute(sql.raw(statement));
};

const details = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/details/${id}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

const payment = (
  orderId: string,
  amountCents: number,
  status: 'created' | 'capture_pending' | 'captured',
) => ({ orderId, provider: 'paypal', method: 'paypal', amountCents, currency: 'USD', status });

describe('order migrations', () => {
  it('0033 gives every order written before it the currency USD, and its answer stays the same', async () => {
    const product = await makeProduct(t, { title: 'Old shirt' });
    const shopper = await makeUser(t);
    const paid = await makeOrder(t, {
      userId: shopper.id,
      items: [{ productId: product._id, quantity: 2, price: 12.5 }],
    });
    await t.db.insert(orderPayments).values({
      ...payment(paid.id, paid.totalCents, 'captured'),
      providerOrderId: 'OLD-PAYPAL-ORDER',
      captureId: 'OLD-CAPTURE',
      payerId: 'OLD-PAYER',
    });
    const guest = await makeOrder(t, {
      userId: null,
      guestEmail: 'old-guest@example.com',
      items: [{ productId: product._id }],
      paymentStatus: 'pending',
    });
    const before = [await details(paid.id), await details(guest.id)];

    // The table as it was before 0033.
    await t.db.execute(sql`alter table orders drop constraint orders_currency_check`);
    await t.db.execute(sql`alter table orders drop column currency`);
    await runMigration('0033_order_currency.sql');

    const record = await t.app.services.orders.find(paid.id);
    expect(record).toMatchObject({ currency: 'USD', totalCents: 2500, paymentId: 'OLD-CAPTURE' });
    expect((await t.app.services.orders.find(guest.id))!.currency).toBe('USD');
    expect([await details(paid.id), await details(guest.id)]).toEqual(before);
  });

  it('0034 moves the PayPal columns of orders into order_payments, and every order answers as before', async () => {
    const product = await makeProduct(t, { title: 'Paid-for scarf' });
    const shopper = await makeUser(t);
    const items = [{ productId: product._id, quantity: 1, price: 40 }];
    const refunded = await makeOrder(t, { userId: shopper.id, items });
    const held = await makeOrder(t, {
      userId: shopper.id,
      items,
      paymentStatus: 'pending_capture',
    });
    const open = await makeOrder(t, {
      userId: null,
      guestEmail: 'open-guest@example.com',
      items,
      paymentStatus: 'pending',
    });
    const free = await makeOrder(t, {
      userId: shopper.id,
      items: [{ productId: product._id, price: 0 }],
    });
    await t.db.update(orders).set({ paymentMethod: 'none' }).where(eq(orders.id, free.id));
    const checkedAt = new Date('2026-11-30T10:00:00.000Z');
    const [captured] = await t.db
      .insert(orderPayments)
      .values([
        {
          ...payment(refunded.id, 4000, 'captured'),
          providerOrderId: 'PP-REFUNDED',
          captureId: 'CAP-REFUNDED',
          payerId: 'PAYER-R',
        },
        {
          ...payment(held.id, 4000, 'capture_pending'),
          providerOrderId: 'PP-HELD',
          captureId: 'CAP-HELD',
          payerId: 'PAYER-H',
          capturePendingAt: checkedAt,
          capturePendingReason: 'PENDING_REVIEW',
          checkedAt,
        },
        {
          ...payment(open.id, 4000, 'created'),
          providerOrderId: 'PP-OPEN',
          captureStartedAt: checkedAt,
          captureRefusals: 2,
        },
      ])
      .returning();
    await t.db
      .update(orders)
      .set({ paymentStatus: 'partially_refunded', refundedCents: 1000 })
      .where(eq(orders.id, refunded.id));
    await t.db.insert(refunds).values({
      orderId: refunded.id,
      paymentId: captured!.id,
      amountCents: 1000,
      kind: 'admin',
      reason: 'Late parcel',
      status: 'completed',
    });
    const ids = [refunded.id, held.id, open.id, free.id];
    const answers = async () => Promise.all(ids.map(details));
    const records = async () =>
      Promise.all(ids.map(async (id) => (await t.app.services.orders.find(id))!));
    const paymentsNow = async () =>
      (await t.db.select().from(orderPayments))
        .filter((p) => ids.includes(p.orderId))
        .map((p) => ({
          orderId: p.orderId,
          status: p.status,
          providerOrderId: p.providerOrderId,
          captureId: p.captureId,
          payerId: p.payerId,
          amountCents: p.amountCents,
          captureStartedAt: p.captureStartedAt,
          captureRefusals: p.captureRefusals,
          checkedAt: p.checkedAt,
          capturePendingAt: p.capturePendingAt,
          capturePendingReason: p.capturePendingReason,
        }))
        .sort((a, b) => String(a.orderId).localeCompare(String(b.orderId)));
    const before = {
      answers: await answers(),
      records: await records(),
      rows: await paymentsNow(),
    };
    expect(before.records[1]).toMatchObject({
      paymentId: 'CAP-HELD',
      paymentPendingReason: 'PENDING_REVIEW',
    });

    // The tables as they were before 0034: the payment's columns on the order.
    for (const statement of [
      `alter table orders add column paypal_order_id text constraint orders_paypal_order_id_key unique,
         add column payment_id text not null default '', add column payer_id text not null default '',
         add column capture_started_at timestamptz, add column capture_refusals integer not null default 0,
         add column paypal_checked_at timestamptz, add column capture_pending_at timestamptz,
         add column capture_pending_reason text not null default ''`,
      `update orders o set paypal_order_id = p.provider_order_id, payment_id = p.capture_id,
         payer_id = p.payer_id, capture_started_at = p.capture_started_at,
         capture_refusals = p.capture_refusals, paypal_checked_at = p.checked_at,
         capture_pending_at = p.capture_pending_at, capture_pending_reason = p.capture_pending_reason
         from order_payments p where p.order_id = o.id`,
      'alter table refunds drop column payment_id',
      'drop table order_payments',
    ]) {
      await t.db.execute(sql.raw(statement));
    }
    await runMigration('0034_order_payments.sql');

    expect(await paymentsNow()).toEqual(before.rows);
    // The free order has no payment; the refund names the payment it returned money to.
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, refunded.id));
    const [paidWith] = await t.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, refunded.id));
    expect(refund!.paymentId).toBe(paidWith!.id);
    expect(await answers()).toEqual(before.answers);
    expect(await records()).toEqual(before.records);
  });
});
