import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../server/src/db/schema';
import { mailsTo, makeFullShopper, ownRows, signedIn, userRow } from '../factories/privacy';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, payload: object, who?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? { cookie: who.cookie } : {} });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET /api/shop/account/export', () => {
  it('downloads every section as JSON, never the password hash or another shopper', async () => {
    const { shopper, order } = await makeFullShopper(t, admin);
    const stranger = await makeFullShopper(t, admin, 'Sam Stranger');
    const res = await get('/api/shop/account/export', shopper);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({
      _id: shopper.id,
      email: shopper.email,
      userName: 'Petra Private',
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ address: '12 Linen Lane', city: 'Leeds' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]._id).toBe(order.id);
    expect(data.orders[0].cartItems).toHaveLength(2);
    expect(data.orders[0]).toHaveProperty('shipments');
    expect(data.orders[0]).toHaveProperty('returns');
    expect(data.reviews).toHaveLength(1);
    expect(data.savedItems).toHaveLength(1);
    expect(data.stockAlerts).toHaveLength(1);
    expect(data.savedSizes).toEqual([{ brand: 'zara', category: 'women', size: 'M' }]);
    expect(data.emails).toEqual([expect.objectContaining({ kind: 'passwordReset' })]);
    expect(data.notes.customer).toEqual([expect.objectContaining({ body: 'Prefers email' })]);
    const text = res.body;
    const { passwordHash } = await userRow(t, shopper.id);
    expect(text).not.toContain(passwordHash);
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2/);
    expect(text).not.toContain(stranger.shopper.id);
    expect(text).not.toContain(stranger.shopper.email);
    expect(text).not.toContain(admin.email);
  });

  it('answers 401 signed out', async () => {
    expect((await get('/api/shop/account/export')).statusCode).toBe(401);
  });

  it('allows a few downloads an hour per account, then 429', async () => {
    const shopper = await makeUser(t);
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await get('/api/shop/account/export', shopper)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // Another account has its own budget.
    expect((await get('/api/shop/account/export', await makeUser(t))).statusCode).toBe(200);
  });
});

describe('POST /api/shop/account/delete', () => {
  it('with a wrong password answers 401 and changes nothing', async () => {
    const { shopper } = await makeFullShopper(t, admin);
    const before = await get('/api/shop/account/export', shopper);
    const res = await post('/api/shop/account/delete', { password: 'not-it' }, shopper);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/password is not correct/);
    const after = await get('/api/shop/account/export', shopper);
    // The sending job may send the queued mail meanwhile: compare what it was, not its status.
    const strip = (body: string) => {
      const data = JSON.parse(body);
      return { ...data, exportedAt: '', emails: data.emails.map((m: { kind: string }) => m.kind) };
    };
    expect(strip(after.body)).toEqual(strip(before.body));
    expect((await userRow(t, shopper.id)).deletedAt).toBeNull();
  });

  it('refuses a signed-out caller (401) and a missing password (400)', async () => {
    expect((await post('/api/shop/account/delete', { password: 'x' })).statusCode).toBe(401);
    const shopper = await makeUser(t);
    expect((await post('/api/shop/account/delete', {}, shopper)).statusCode).toBe(400);
    expect((await userRow(t, shopper.id)).deletedAt).toBeNull();
  });

  it('erases the personal data everywhere, keeps the orders adding up, mails the old address', async () => {
    const { shopper, order, coat } = await makeFullShopper(t, admin, 'Olga Old');
    // A session of the second instance (its own secret), known there before the deletion.
    const { token } = await other.services.auth.createSession(shopper.id);
    const onOther = { ...shopper, cookie: `session=${token}` };
    expect(await signedIn(other, onOther)).toBe(true);
    const linesBefore = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const orderBefore = (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;

    // Both instances have the product's reviews in their cache, under the old name.
    const reviewNames = async (app: TestApp['app']) =>
      (await app.inject({ method: 'GET', url: `/api/shop/review/${coat._id}` }))
        .json()
        .data.map((r: { userName: string }) => r.userName)
        .join();
    expect(await reviewNames(t.app)).toBe('Olga Old');
    expect(await reviewNames(other)).toBe('Olga Old');

    const res = await post('/api/shop/account/delete', { password: shopper.password }, shopper);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/session=;/);
    expect(await eventually(async () => (await reviewNames(t.app)) === 'Former customer')).toBe(
      true,
    );
    expect(await eventually(async () => (await reviewNames(other)) === 'Former customer')).toBe(
      true,
    );

    const user = await userRow(t, shopper.id);
    expect(user).toMatchObject({
      userName: 'Former customer',
      email: `deleted-${shopper.id}@invalid`,
    });
    expect(user.deletedAt).not.toBeNull();
    expect(user.passwordHash).not.toMatch(/^\$argon2/);
    expect(await ownRows(t, shopper.id)).toBe(0);

    const orderAfter = (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    // The postcode, country and region stay: the invoice's tax records (GDPR art. 17(3)(b)).
    expect(orderAfter).toMatchObject({
      recipientName: 'erased',
      address: 'erased',
      city: 'erased',
      pincode: orderBefore.pincode,
      country: orderBefore.country,
      region: orderBefore.region,
      phone: 'erased',
      notes: '',
    });
    expect(orderAfter.totalCents).toBe(orderBefore.totalCents);
    const linesAfter = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(linesAfter).toEqual(linesBefore);
    expect(linesAfter.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0)).toBe(27_000);

    const shown = await get(`/api/shop/review/${coat._id}`);
    expect(shown.json().data.map((r: { userName: string }) => r.userName)).toEqual([
      'Former customer',
    ]);

    // Old mail is gone; the confirmation is the one message left for the old address.
    const mails = await mailsTo(t, shopper.email);
    expect(mails.map((m) => m.template)).toEqual(['accountDeleted']);

    const dump = JSON.stringify(
      await t.db.select().from(orders).where(eq(orders.userId, shopper.id)),
    );
    expect(dump).not.toMatch(/Linen|Leeds|555-0199|Ring twice/);

    // Signed out here and, by NOTIFY, on the other instance.
    expect(await signedIn(t.app, shopper)).toBe(false);
    expect(await eventually(async () => !(await signedIn(other, onOther)))).toBe(true);
    // Cannot sign in, by the old email or the placeholder; the old email may register anew.
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(401);
    expect([400, 401]).toContain((await signIn(user.email, shopper.password)).statusCode);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { userName: 'Olga Again', email: shopper.email, password: 'a-new-password-1' },
    });
    expect(again.statusCode).toBe(201);
    const fresh = await get('/api/shop/account/export', { ...shopper, cookie: '' });
    expect(fresh.statusCode).toBe(401);
  });

  it('the sent confirmation keeps no name once sent', async () => {
    const shopper = await makeUser(t, { userName: 'Nina Name' });
    expect(
      (await post('/api/shop/account/delete', { password: shopper.password }, shopper)).statusCode,
    ).toBe(200);
    await t.app.services.email.sendDue();
    // The app's own sender (every 2 s) may have claimed the mail first: it is then its to send.
    const sent = async () => (await mailsTo(t, shopper.email))[0]?.status === 'sent';
    // Up to ~5 s: its first mail loads the templates' renderer.
    let done = false;
    for (let i = 0; i < 5 && !done; i += 1) done = await eventually(sent);
    expect(done).toBe(true);
    const [mail] = await mailsTo(t, shopper.email);
    expect(mail).toMatchObject({
      status: 'sent',
      subject: expect.stringMatching(/^Your account was deleted/),
    });
    expect(JSON.stringify(mail!.data)).not.toContain('Nina');
  });

  it('an admin cannot delete their own account here (403), nothing changes', async () => {
    const other = await makeUser(t, { role: 'admin' });
    const res = await post('/api/shop/account/delete', { password: other.password }, other);
    expect(res.statusCode).toBe(403);
    expect((await userRow(t, other.id)).deletedAt).toBeNull();
  });
});
