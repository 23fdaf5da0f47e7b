import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/src/db/client';
import { makePaidOrder } from '../factories/checkout';
import { makeProduct, variantOf } from '../factories/products';
import { shipRest } from '../factories/returns';
import { makeUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('order mail over SMTP', () => {
  it('confirms a paid checkout with the order, its day in words, PayPal, its lines, total and address', async () => {
    const shirt = await makeProduct(t, { title: 'Linen shirt', price: 30, salePrice: 19.99 });
    const cap = await makeProduct(t, { title: 'Wool cap', price: 12.5 });
    const tee = await makeProduct(t, {
      title: 'Pocket tee',
      price: 10,
      variants: [
        { size: 'M', color: 'Black', totalStock: 3 },
        { size: 'L', color: 'Black', totalStock: 3 },
      ],
    });
    const { user, order } = await makePaidOrder(t, [
      { product: shirt, quantity: 2 },
      { product: cap, quantity: 1 },
      { product: tee, quantity: 1, variantId: variantOf(tee, 'M', 'Black')._id },
    ]);
    const [mail] = await smtp.waitFor(1, user.email);
    expect(mail!.subject).toBe(`Order #${order.orderNumber} confirmed · The E-Commerce Store`);
    expect(mail!.text).toContain(`Hello ${user.userName}`);
    expect(mail!.text).toContain('Linen shirt × 2');
    expect(mail!.text).toContain('$39.98');
    expect(mail!.text).toContain('Wool cap × 1');
    expect(mail!.text).toContain('Pocket tee (Size M, Colour Black) × 1');
    expect(mail!.text).toMatch(/Total\s+\$62\.48/);
    expect(mail!.text).toContain('1 Checkout Lane');
    // The label as the order page shows it: the ZIP's state and the country by name.
    expect(mail!.text).toMatch(/1 Checkout Lane\s+Springfield IL 62701\s+United States/);
    // The day in words in the shop's time zone (SHOP_COUNTRY US: New York), the payment by name.
    const day = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'America/New_York',
    }).format(new Date(order.orderDate));
    expect(mail!.text).toContain(`Order date: ${day}`);
    expect(mail!.text).toContain('Payment: PayPal');
    expect(mail!.text).not.toContain('paypal');
    expect(mail!.html).toContain('Linen shirt');
    expect(mail!.raw).toMatch(/^From: Test Shop <shop@example\.com>/m);
  });

  it('tells the shopper about each fulfilment step, with the tracking number when shipped', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const product = await makeProduct(t, { title: 'Rain jacket' });
    const { user, orderId } = await makePaidOrder(t, [{ product }]);
    await smtp.waitFor(1, user.email);
    const update = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/update/${orderId}`,
        headers: { cookie: admin.cookie },
        payload: body,
      });
    expect((await update({ orderStatus: 'inShipping', trackingNumber: 'TRK-42' })).statusCode).toBe(
      200,
    );
    // Delivered is its parcels' state: a parcel (and its "has shipped" message) first.
    await shipRest(t, admin, orderId);
    expect((await update({ orderStatus: 'delivered' })).statusCode).toBe(200);
    const mails = await smtp.waitFor(4, user.email);
    const shipped = mails.find((m) => m.subject.includes('In Shipping'))!;
    expect(shipped.text).toContain('has been shipped');
    expect(shipped.text).toContain('Tracking number: TRK-42');
    expect(mails.some((m) => m.subject.includes('Delivered'))).toBe(true);
    // Saving the same status again sends nothing more.
    expect((await update({ orderStatus: 'delivered' })).statusCode).toBe(200);
    await t.app.services.email.sendDue();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(4);
  });

  it('refuses a tracking number with control characters and changes nothing', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const product = await makeProduct(t);
    const { orderId } = await makePaidOrder(t, [{ product }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { orderStatus: 'inShipping', trackingNumber: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/details/${orderId}`,
      headers: { cookie: admin.cookie },
    });
    expect(details.json().data.orderStatus).toBe('confirmed');
  });
});

describe('delivery', () => {
  it('retries a message the SMTP server refused, and it arrives exactly once', async () => {
    const flaky = await startSmtp({ refuse: 1 });
    const other = await createTestApp({ ...flaky.env });
    try {
      const { email } = other.app.services;
      await other.db.transaction((tx) =>
        email.enqueue(tx, {
          to: 'retry@example.com',
          template: 'backInStock',
          data: { productId: randomBytes(4).toString('hex'), title: 'Canvas sneaker' },
        }),
      );
      // The first attempt is refused (451) and a retry is scheduled with backoff.
      await expectEventually(() => flaky.attempts >= 1);
      const listed = await adminList(other, 'pending');
      expect(listed.data[0]).toMatchObject({ attempts: 1, status: 'pending' });
      expect(listed.data[0].lastError).toContain('Try again later');
      expect(new Date(listed.data[0].nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 10_000);
      // Not due yet: nothing is sent early.
      expect((await email.sendDue()).sent).toHaveLength(0);
      expect((await email.sendDue(later(2))).sent).toHaveLength(1);
      expect((await email.sendDue(later(60))).sent).toHaveLength(0);
      const mails = await flaky.waitFor(1);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Canvas sneaker is back in stock · The E-Commerce Store');
      expect((await adminList(other, 'sent')).data[0]).toMatchObject({ attempts: 2 });
    } finally {
      await other.close();
      await flaky.close();
    }
  });

  it('gives up after its attempts and shows the failure to the admin, who can retry', async () => {
    const down = await startSmtp({ refuse: 100 });
    const other = await createTestApp({ ...down.env });
    try {
      const { email } = other.app.services;
      await other.db.transaction((tx) =>
        email.enqueue(tx, {
          to: 'never@example.com',
          template: 'backInStock',
          data: { productId: 'x', title: 'Boots' },
        }),
      );
      for (let i = 1; i <= 10; i += 1) await email.sendDue(later(i * 120));
      const failed = await adminList(other, 'failed');
      expect(failed.data).toHaveLength(1);
      expect(failed.data[0]).toMatchObject({ to: 'never@example.com', attempts: 8 });
      expect(failed.counts.failed).toBe(1);
      const shopper = await makeUser(other);
      const refused = await other.app.inject({
        method: 'GET',
        url: '/api/admin/emails',
        headers: { cookie: shopper.cookie },
      });
      expect(refused.statusCode).toBe(403);
      const admin = await makeUser(other, { role: 'admin' });
      const retry = await other.app.inject({
        method: 'POST',
        url: `/api/admin/emails/retry/${failed.data[0]._id}`,
        headers: { cookie: admin.cookie },
      });
      expect(retry.statusCode).toBe(200);
      // Pending again with a fresh count (the background sender may already have tried once).
      const pending = (await adminList(other, 'pending')).data[0];
      expect(pending).toMatchObject({ _id: failed.data[0]._id, to: 'never@example.com' });
      expect(pending.attempts).toBeLessThanOrEqual(1);
      expect((await adminList(other, 'failed')).data).toHaveLength(0);
    } finally {
      await other.close();
      await down.close();
    }
  });

  it('writes .eml files to DATA_DIR/outbox without SMTP', async () => {
    const plain = await createTestApp({});
    try {
      const { email } = plain.app.services;
      await plain.db.transaction((tx) =>
        email.enqueue(tx, {
          to: 'files@example.com',
          template: 'backInStock',
          data: { productId: 'p1', title: 'Denim jacket' },
        }),
      );
      const { sent } = await email.sendDue();
      expect(sent).toHaveLength(1);
      const folder = path.join(plain.app.config.DATA_DIR, 'outbox');
      const files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = await simpleParser(readFileSync(path.join(folder, files[0]!)));
      expect(eml.subject).toBe('Denim jacket is back in stock · The E-Commerce Store');
      expect(eml.text).toContain('Denim jacket is back in stock.');
      expect(eml.text).toContain('See the product: http://localhost:5000/shop/product/p1');
      expect(eml.html).toContain('<h1');
    } finally {
      await plain.close();
    }
  });

  it('a message enqueued in a transaction that rolls back is never sent', async () => {
    const { email } = t.app.services;
    const before = await adminList(t);
    await t.db
      .transaction(async (tx) => {
        await email.enqueue(tx, {
          to: 'rollback@example.com',
          template: 'backInStock',
          data: { productId: 'p', title: 'Scarf' },
        });
        throw new Error('the event failed');
      })
      .catch(() => undefined);
    expect((await adminList(t)).data.length).toBe(before.data.length);
  });

  it('forgets sent mail after 30 days and keeps failed mail', async () => {
    const { email } = t.app.services;
    await t.db.transaction((tx) =>
      email.enqueue(tx, {
        to: 'old@example.com',
        template: 'backInStock',
        data: { productId: 'p', title: 'Old news' },
      }),
    );
    await email.sendDue();
    const sentBefore = (await adminList(t, 'sent')).counts.sent as number;
    expect(await email.purgeSent(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await email.purgeSent(new Date(Date.now() + 31 * 86_400_000))).toBe(sentBefore);
    expect((await adminList(t, 'sent')).counts.sent ?? 0).toBe(0);
  });

  it('two instances sending from one outbox send each message once', async () => {
    const shared = await startSmtp();
    const first = await createTestApp({ ...shared.env });
    // The second instance: its own app and, on PostgreSQL, its own connections.
    const url = first.database.url;
    const database = url ? openPostgres({ url }) : first.database;
    const second = await startSecondInstance(first, shared.env, database);
    try {
      const count = 30;
      await first.db.transaction(async (tx) => {
        for (let i = 0; i < count; i += 1) {
          await first.app.services.email.enqueue(tx, {
            to: `twice-${i}@example.com`,
            template: 'backInStock',
            data: { productId: `p${i}`, title: `Item ${i}` },
          });
        }
      });
      // Both send at once, in rounds, while their background jobs run too.
      for (let round = 0; round < 3; round += 1) {
        await Promise.all([
          first.app.services.email.sendDue(),
          second.services.email.sendDue(),
          first.app.services.email.sendDue(),
          second.services.email.sendDue(),
        ]);
      }
      await shared.waitFor(count);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(shared.received).toHaveLength(count);
      expect(new Set(shared.received.map((m) => m.to)).size).toBe(count);
    } finally {
      await second.close();
      if (url) await database.close();
      await first.close();
      await shared.close();
    }
  });
});

async function adminList(app: TestApp, status?: string) {
  const admin = await makeUser(app, { role: 'admin' });
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/admin/emails${status ? `?status=${status}` : ''}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function expectEventually(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
