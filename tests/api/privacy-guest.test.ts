import { erasureBlockedMessage, GUEST_PRIVACY_MESSAGE } from '@contract/privacy';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, guestPrivacyTokens, orders } from '../../server/src/db/schema';
import { makeGuestOrder } from '../factories/privacy';
import { makeUser } from '../factories/users';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A guest's privacy requests (GDPR art. 15, 17, 20): order number and email, proven by the link
// mailed to the order's email, as the status page's.
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ ...smtp.env });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (app: TestApp['app'], payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/shop/order/privacy', payload, remoteAddress });
const newEmail = () => `guest-${crypto.randomUUID()}@example.com`;
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const mailsTo = (email: string) =>
  t.db.select().from(emailOutbox).where(sql`lower(${emailOutbox.recipient}) = lower(${email})`);

/** The token of the privacy link last mailed to `email`. */
async function linkTo(email: string, count = 1) {
  const mails = await smtp.waitFor(count, email);
  const text = mails[count - 1]!.text;
  const url = text.match(/(https?:\/\/\S+\/shop\/order\/privacy\/[A-Za-z0-9_-]+)/)?.[1] ?? '';
  return new URL(url).pathname.split('/').pop()!;
}
const api = (token: string, suffix = '') => `/api/shop/order/privacy/${token}${suffix}`;

describe('asking by order number and email', () => {
  it('answers the same whether or not the order exists, and mails only the order’s email', async () => {
    const email = newEmail();
    const order = await makeGuestOrder(t, email);
    const shopper = await makeUser(t);
    const claimed = await makeGuestOrder(t, shopper.email, { userId: shopper.id });
    const stranger = newEmail();
    const answers = await Promise.all([
      ask(t.app, { orderNumber: order.orderNumber + 900_000, email, request: 'download' }),
      ask(t.app, { orderNumber: order.orderNumber, email: stranger, request: 'download' }),
      // An account's order is answered in the account.
      ask(t.app, { orderNumber: claimed.orderNumber, email: shopper.email, request: 'erase' }),
      ask(t.app, {
        orderNumber: `#${order.orderNumber}`,
        email: email.toUpperCase(),
        request: 'download',
      }),
    ]);
    const seen = new Set(answers.map((a) => JSON.stringify([a.statusCode, a.json()])));
    expect([...seen]).toEqual([
      JSON.stringify([200, { success: true, message: GUEST_PRIVACY_MESSAGE }]),
    ]);
    expect(answers[0]!.headers['content-length']).toBe(answers[3]!.headers['content-length']);

    const [mail] = await smtp.waitFor(1, email);
    expect(mail!.subject).toMatch(
      new RegExp(`^Download your data \\(order #${order.orderNumber}\\)`),
    );
    // The misses wrote their link and mail, then rolled them back: nothing stays.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(stranger)).toEqual([]);
    expect((await mailsTo(shopper.email)).map((m) => m.template)).toEqual([]);
    const links = await t.db
      .select()
      .from(guestPrivacyTokens)
      .where(
        sql`lower(${guestPrivacyTokens.email}) in (lower(${stranger}), lower(${shopper.email}))`,
      );
    expect(links).toEqual([]);
  });

  it('refuses malformed input with 400 and counts it against the budget (429), mailing nothing', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', ...smtp.env });
    try {
      const email = newEmail();
      const order = await makeGuestOrder(limited, email);
      const bad = await ask(
        limited.app,
        { orderNumber: 'abc', email, request: 'download' },
        '10.0.0.9',
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.body).not.toMatch(/at \w+ \(/);
      const odd = await ask(
        limited.app,
        { orderNumber: order.orderNumber, email, request: 'all', x: 1 },
        '10.0.0.9',
      );
      expect(odd.statusCode).toBe(400);
      const long = await ask(
        limited.app,
        { orderNumber: order.orderNumber, email: `${'a'.repeat(300)}@x.com`, request: 'erase' },
        '10.0.0.9',
      );
      expect(long.statusCode).toBe(400);
      const fourth = await ask(
        limited.app,
        { orderNumber: order.orderNumber, email, request: 'download' },
        '10.0.0.9',
      );
      expect(fourth.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        await limited.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)),
      ).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('following the emailed link', () => {
  it('a download link shows the guest orders of that email and the mail about them', async () => {
    const email = newEmail();
    const first = await makeGuestOrder(t, email);
    const second = await makeGuestOrder(t, email.toUpperCase(), { orderStatus: 'inShipping' });
    const other = await makeGuestOrder(t, newEmail());
    await t.db.insert(emailOutbox).values({
      recipient: email,
      template: 'orderConfirmed',
      data: { order: { orderId: first.id } },
      status: 'sent',
      subject: `Order #${first.orderNumber} confirmed`,
      sentAt: new Date(),
    });
    await ask(t.app, { orderNumber: first.orderNumber, email, request: 'download' });
    const token = await linkTo(email);

    const link = await t.app.inject({ method: 'GET', url: api(token) });
    expect(link.statusCode).toBe(200);
    expect(link.headers['cache-control']).toBe('no-store');
    expect(link.json().data).toMatchObject({ request: 'download' });
    expect([...link.json().data.orderNumbers].sort()).toEqual(
      [first.orderNumber, second.orderNumber].sort(),
    );

    const res = await t.app.inject({ method: 'GET', url: api(token, '/export') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-order-data-/);
    const data = res.json();
    expect(data.orders.map((o: { _id: string }) => o._id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(data.orders[0].cartItems).toHaveLength(1);
    expect(data.emails.map((m: { subject: string }) => m.subject)).toContain(
      `Order #${first.orderNumber} confirmed`,
    );
    expect(res.body).not.toContain(other.id);

    // A download link erases nothing; a made-up or malformed token opens nothing.
    const erase = await t.app.inject({ method: 'POST', url: api(token, '/erase') });
    expect(erase.statusCode).toBe(403);
    expect((await orderRow(first.id)).address).toBe('9 Guest Row');
    const fake = 'A'.repeat(43);
    for (const url of [api(fake), api(fake, '/export'), api('nope'), api('x'.repeat(300))]) {
      expect([400, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
  });

  it('an erasure link waits (409) for an order paid and not delivered, then erases and ends', async () => {
    const email = newEmail();
    const open = await makeGuestOrder(t, email, { orderStatus: 'inShipping' });
    const done = await makeGuestOrder(t, email);
    await t.db.insert(emailOutbox).values({
      recipient: email,
      template: 'orderConfirmed',
      data: { order: { orderId: done.id } },
      status: 'sent',
      subject: 'confirmed',
      sentAt: new Date(),
    });
    await ask(t.app, { orderNumber: done.orderNumber, email, request: 'erase' });
    const token = await linkTo(email);
    const blocked = await t.app.inject({ method: 'POST', url: api(token, '/erase') });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(erasureBlockedMessage(open.orderNumber));
    expect((await orderRow(done.id)).address).toBe('9 Guest Row');

    await t.db.update(orders).set({ orderStatus: 'delivered' }).where(eq(orders.id, open.id));
    const res = await t.app.inject({ method: 'POST', url: api(token, '/erase') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ erasedOrders: 2 });
    for (const id of [open.id, done.id]) {
      const row = await orderRow(id);
      expect(row).toMatchObject({
        recipientName: 'erased',
        address: 'erased',
        city: 'erased',
        phone: 'erased',
        notes: '',
        guestEmail: 'deleted-guest@invalid',
        // The tax record: GDPR art. 17(3)(b).
        country: 'GB',
        region: 'ENG',
        pincode: 'BS1 5TT',
        totalCents: 4_200,
      });
    }
    expect(await mailsTo(email)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: api(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: api(token, '/erase') })).statusCode).toBe(
      404,
    );
  });
});
