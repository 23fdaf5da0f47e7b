import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/src/db/schema';
import { makePaidOrder } from '../factories/checkout';
import { GUEST_ENV, guestEmail, makeGuest, makeGuestPaidOrder } from '../factories/guests';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({ ...sim.env, ...smtp.env, ...GUEST_ENV });
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const lookup = (app: TestApp['app'], payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/shop/order/lookup', payload, remoteAddress });
const queuedFor = async (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, to));
/** The mail to `to` (any case) with this subject, once it arrives. */
async function waitForSubject(to: string, subject: string) {
  const match = () =>
    smtp.received.find(
      (m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.startsWith(subject),
    );
  await expect.poll(match, { timeout: 10_000 }).toBeDefined();
  return match()!;
}
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('the order lookup', () => {
  it('answers the same whether or not the order exists, and mails only a match', async () => {
    const product = await makeProduct(t, { title: 'Lookup boots' });
    const { email, order } = await makeGuestPaidOrder(t, [{ product }]);
    await smtp.waitFor(1, email);
    const { order: shopperOrder, user } = await makePaidOrder(t, [{ product }]);
    const stranger = guestEmail();

    const answers = await Promise.all([
      lookup(t.app, { orderNumber: order.orderNumber + 100_000, email }),
      lookup(t.app, { orderNumber: order.orderNumber, email: stranger }),
      // A shopper's order is in their account: the lookup is for guest orders.
      lookup(t.app, { orderNumber: shopperOrder.orderNumber, email: user.email }),
      lookup(t.app, { orderNumber: `#${order.orderNumber}`, email: email.toUpperCase() }),
    ]);
    const seen = answers.map((a) => ({ status: a.statusCode, body: a.body }));
    expect(new Set(seen.map((s) => JSON.stringify(s))).size).toBe(1);
    expect(seen[0]!.status).toBe(200);

    const mails = await smtp.waitFor(2, email);
    expect(mails[1]!.subject).toBe(`Your order #${order.orderNumber} · The E-Commerce Store`);
    const link = mails[1]!.text.match(/See your order: (\S+)/)?.[1] ?? '';
    const status = await t.app.inject({
      method: 'GET',
      url: new URL(link).pathname.replace('/shop/order/', '/api/shop/order/status/'),
    });
    expect(status.json().data._id).toBe(order._id);
    expect(await queuedFor(stranger)).toEqual([]);
    // The shopper got only the confirmation of their order.
    expect((await queuedFor(user.email)).map((m) => m.template)).toEqual(['orderConfirmed']);
    // Sent: the link is not kept in the outbox.
    const sent = (await queuedFor(email)).find((m) => m.template === 'orderLink')!;
    await expect
      .poll(async () => (await queuedFor(email)).find((m) => m.id === sent.id)?.data)
      .toEqual({ removed: 'sent' });
  });

  it('refuses a malformed number or email with 400, before any lookup', async () => {
    const bad = await lookup(t.app, { orderNumber: 'abc', email: 'x@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^orderNumber /);
    expect((await lookup(t.app, { orderNumber: 100001, email: 'nope' })).statusCode).toBe(400);
  });

  it('is rate limited per address and per email', async () => {
    const limited = await createTestApp({ ...GUEST_ENV, AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const email = guestEmail();
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        expect((await lookup(limited.app, { orderNumber: 1, email }, ip)).statusCode).toBe(200);
      }
      const perEmail = await lookup(limited.app, { orderNumber: 1, email }, '10.0.0.4');
      expect(perEmail.statusCode).toBe(429);
      expect(perEmail.headers['retry-after']).toBeDefined();
      for (let i = 0; i < 3; i++) {
        const res = await lookup(limited.app, { orderNumber: 1, email: guestEmail() }, '10.0.0.9');
        expect(res.statusCode).toBe(200);
      }
      const perAddress = await lookup(
        limited.app,
        { orderNumber: 1, email: guestEmail() },
        '10.0.0.9',
      );
      expect(perAddress.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('signing in', () => {
  it('merges the guest cart: quantities add up to the stock, and the guest cart goes', async () => {
    const shirt = await makeProduct(t, { totalStock: 3 });
    const socks = await makeProduct(t, { totalStock: 5 });
    const user = await makeUser(t);
    await post(user.cookie, '/api/shop/cart/add', {
      userId: user.id,
      productId: shirt._id,
      quantity: 2,
    });
    const visitor = makeGuest(t);
    await visitor.add({ product: shirt, quantity: 3 });
    await visitor.add({ product: socks, quantity: 1 });

    const login = await post(visitor.cookie, '/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/get/${user.id}`,
      headers: { cookie: user.cookie },
    });
    const items = cart.json().data.items as { productId: string; quantity: number }[];
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([
      [shirt._id, 3],
      [socks._id, 1],
    ]);
    expect((await visitor.cart()).items).toEqual([]);
  });

  it('merges through the sign-in form too', async () => {
    const product = await makeProduct(t);
    const user = await makeUser(t);
    const visitor = makeGuest(t);
    await visitor.add({ product });
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: user.password }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/get/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(cart.json().data.items).toMatchObject([{ productId: product._id, quantity: 1 }]);
  });
});

describe('claiming guest orders', () => {
  it('needs the account’s email proven by the emailed link, once', async () => {
    const product = await makeProduct(t, { title: 'Claimed coat' });
    const { email, order } = await makeGuestPaidOrder(t, [{ product }]);
    const [confirmation] = await smtp.waitFor(1, email);
    const statusLink = new URL(confirmation!.text.match(/See your order: (\S+)/)?.[1] ?? '');

    const password = 'a long password';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { userName: 'Claire', email: email.toUpperCase(), password },
    });
    expect(registered.statusCode).toBe(201);
    const mail = await waitForSubject(email, 'Add your earlier orders to your account');
    expect(mail.subject).toBe('Add your earlier orders to your account · The E-Commerce Store');
    const token = new URL(
      mail.text.match(/Add them to my account: (\S+)/)?.[1] ?? '',
    ).searchParams.get('token')!;

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const cookie = `session=${login.cookies.find((c) => c.name === 'session')!.value}`;
    const userId = login.json().user.id as string;
    const list = () =>
      t.app.inject({ method: 'GET', url: `/api/shop/order/list/${userId}`, headers: { cookie } });
    // Registering alone moves nothing.
    expect((await list()).json().data).toEqual([]);

    // Another account cannot use the link (and does not spend it).
    const other = await makeUser(t);
    expect((await post(other.cookie, '/api/shop/order/claim', { token })).statusCode).toBe(404);

    const claim = await post(cookie, '/api/shop/order/claim', { token });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ success: true, data: { claimed: 1 } });
    expect((await list()).json().data).toMatchObject([
      { _id: order._id, userId, guestEmail: email },
    ]);
    expect((await post(cookie, '/api/shop/order/claim', { token })).statusCode).toBe(404);
    // Its emailed status link keeps working.
    const status = await t.app.inject({
      method: 'GET',
      url: statusLink.pathname.replace('/shop/order/', '/api/shop/order/status/'),
    });
    expect(status.json().data).toMatchObject({ _id: order._id, userId });
  });

  it('is offered to an existing account on request, only when there is something to claim', async () => {
    const user = await makeUser(t);
    const asked = await post(user.cookie, '/api/shop/order/claim-request', {});
    expect(asked.statusCode).toBe(200);
    const product = await makeProduct(t);
    await makeGuestPaidOrder(t, [{ product }], user.email);
    await smtp.waitFor(1, user.email);
    const again = await post(user.cookie, '/api/shop/order/claim-request', {});
    expect(again.body).toBe(asked.body);
    const mails = await smtp.waitFor(2, user.email);
    expect(mails.map((m) => m.subject.split(' · ')[0])).toEqual([
      expect.stringMatching(/^Order #\d+ confirmed$/),
      'Add your earlier orders to your account',
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/shop/order/claim-request', payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});
