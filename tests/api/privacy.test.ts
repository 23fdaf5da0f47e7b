import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  carts,
  customerNotes,
  emailOutbox,
  orderItems,
  orders,
  reviews,
  savedItems,
  savedSizes,
  sessions,
  stockAlerts,
  users,
} from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
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

/** A shopper with something in every section: address, order, review, saved item, alert... */
async function makeFullShopper(name = 'Petra Private') {
  const shopper = await makeUser(t, { userName: name });
  const s = t.app.services;
  await s.addresses.add(shopper.id, {
    address: '12 Linen Lane',
    city: 'Leeds',
    pincode: 'LS1 4AB',
    phone: '555-0199',
    notes: 'Ring twice',
  });
  const coat = await makeProduct(t, { title: 'Wool coat', price: 120, totalStock: 5 });
  const gone = await makeProduct(t, { title: 'Sold-out scarf', price: 30, totalStock: 0 });
  const order = await makeOrder(t, {
    userId: shopper.id,
    items: [
      { productId: coat._id, price: 120, quantity: 2, title: 'Wool coat' },
      { productId: gone._id, price: 30, quantity: 1, title: 'Sold-out scarf' },
    ],
  });
  await t.db
    .update(orders)
    .set({ address: '12 Linen Lane', city: 'Leeds', phone: '555-0199', notes: 'Ring twice' })
    .where(eq(orders.id, order.id));
  await t.db.insert(reviews).values({
    productId: coat._id,
    userId: shopper.id,
    userName: name,
    reviewMessage: 'Warm and well cut',
    reviewValue: 5,
  });
  await s.wishlist.add(shopper.id, coat._id);
  await s.stockAlerts.add(shopper.id, gone._id);
  await s.mySizes.save(shopper.id, { brand: 'zara', category: 'women', size: 'M' });
  const cart = await post(
    '/api/shop/cart/add',
    { userId: shopper.id, productId: coat._id, quantity: 1 },
    shopper,
  );
  expect(cart.statusCode).toBe(200);
  await s.email.enqueue(t.db, {
    to: shopper.email,
    template: 'passwordReset',
    data: { userName: name, token: 'x'.repeat(43), minutes: 30 },
  });
  const note = await post(
    `/api/admin/customers/${shopper.id}/notes`,
    { body: 'Prefers email' },
    admin,
  );
  expect(note.statusCode).toBe(200);
  return { shopper, order, coat };
}

/** Rows of the shopper's own tables left behind. */
async function ownRows(userId: string) {
  const rows = await Promise.all(
    [addresses, carts, savedItems, stockAlerts, savedSizes, sessions, customerNotes].map((table) =>
      t.db.select().from(table).where(eq(table.userId, userId)),
    ),
  );
  return rows.reduce((n, r) => n + r.length, 0);
}

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (email: string) =>
  t.db.select().from(emailOutbox).where(sql`lower(${emailOutbox.recipient}) = lower(${email})`);
/** Whether a session cookie still names a signed-in user on `app`. */
const signedIn = async (app: TestApp['app'], who: TestUser) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: who.cookie },
    })
  ).json().success as boolean;
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET /api/shop/account/export', () => {
  it('downloads every section as JSON, never the password hash or another shopper', async () => {
    const { shopper, order } = await makeFullShopper();
    const stranger = await makeFullShopper('Sam Stranger');
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
    const { passwordHash } = await userRow(shopper.id);
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
    const { shopper } = await makeFullShopper();
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
    expect((await userRow(shopper.id)).deletedAt).toBeNull();
  });

  it('refuses a signed-out caller (401) and a missing password (400)', async () => {
    expect((await post('/api/shop/account/delete', { password: 'x' })).statusCode).toBe(401);
    const shopper = await makeUser(t);
    expect((await post('/api/shop/account/delete', {}, shopper)).statusCode).toBe(400);
    expect((await userRow(shopper.id)).deletedAt).toBeNull();
  });

  it('erases the personal data everywhere, keeps the orders adding up, mails the old address', async () => {
    const { shopper, order, coat } = await makeFullShopper('Olga Old');
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

    const user = await userRow(shopper.id);
    expect(user).toMatchObject({
      userName: 'Former customer',
      email: `deleted-${shopper.id}@invalid`,
    });
    expect(user.deletedAt).not.toBeNull();
    expect(user.passwordHash).not.toMatch(/^\$argon2/);
    expect(await ownRows(shopper.id)).toBe(0);

    const orderAfter = (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(orderAfter).toMatchObject({
      address: 'erased',
      city: 'erased',
      pincode: 'erased',
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
    const mails = await mailsTo(shopper.email);
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
    const [mail] = await mailsTo(shopper.email);
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
    expect((await userRow(other.id)).deletedAt).toBeNull();
  });
});

describe('admin privacy requests', () => {
  it('exports a customer as they would see it', async () => {
    const { shopper } = await makeFullShopper();
    const res = await get(`/api/admin/customers/${shopper.id}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-/);
    expect(res.json().profile.email).toBe(shopper.email);
    expect(res.body).not.toMatch(/\$argon2/);
  });

  it('erases a customer without a password, recorded in the audit log without personal data', async () => {
    const { shopper } = await makeFullShopper('Ada Erased');
    const res = await post(`/api/admin/customers/${shopper.id}/delete`, {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(shopper.id);
    expect((await userRow(shopper.id)).userName).toBe('Former customer');
    expect(await ownRows(shopper.id)).toBe(0);
    expect(await signedIn(t.app, shopper)).toBe(false);
    const log = await get(`/api/admin/audit?id=${shopper.id}`, admin);
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('customer.erase');
    expect(log.body).not.toContain(shopper.email);
    expect(log.body).not.toContain('Linen');
    // Twice: 409; an unknown id: 404; a staff account: 403.
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, admin)).statusCode).toBe(
      409,
    );
    expect(
      (await post(`/api/admin/customers/${crypto.randomUUID()}/delete`, {}, admin)).statusCode,
    ).toBe(404);
    expect((await post(`/api/admin/customers/${admin.id}/delete`, {}, admin)).statusCode).toBe(403);
  });

  it('answers 401 signed out and 403 to a shopper, changing nothing', async () => {
    const shopper = await makeUser(t);
    const victim = await makeUser(t);
    for (const url of [`/api/admin/customers/${victim.id}/export`]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, shopper)).statusCode).toBe(403);
    }
    const url = `/api/admin/customers/${victim.id}/delete`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, shopper)).statusCode).toBe(403);
    expect((await userRow(victim.id)).deletedAt).toBeNull();
  });
});

/** A signed-in staff member holding exactly `permissions`. */
async function makeStaffMember(permissions: string[]) {
  const user = await makeUser(t);
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  t.app.services.auth.sessions.forgetUser(user.id);
  return user;
}

describe('admin privacy requests by permission', () => {
  it('a staff member needs the customers permission (403 without, on the server)', async () => {
    const { shopper } = await makeFullShopper();
    const without = await makeStaffMember(['orders.view', 'orders.update', 'catalog']);
    expect((await get(`/api/admin/customers/${shopper.id}/export`, without)).statusCode).toBe(403);
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, without)).statusCode).toBe(
      403,
    );
    expect((await userRow(shopper.id)).deletedAt).toBeNull();
    const allowed = await makeStaffMember(['customers']);
    expect((await get(`/api/admin/customers/${shopper.id}/export`, allowed)).statusCode).toBe(200);
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, allowed)).statusCode).toBe(
      200,
    );
    // A staff account is not a customer: it cannot be erased here.
    expect((await post(`/api/admin/customers/${without.id}/delete`, {}, allowed)).statusCode).toBe(
      403,
    );
  });
});

describe('the password check is rate limited like sign-in', () => {
  it('answers 429 after the budget, then even the right password changes nothing', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const shopper = await makeUser(limited);
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/shop/account/delete',
          payload: { password: i < 3 ? 'wrong' : shopper.password },
          headers: { cookie: shopper.cookie },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const [row] = await limited.db.select().from(users).where(eq(users.id, shopper.id));
      expect(row!.deletedAt).toBeNull();
    } finally {
      await limited.close();
    }
  });
});

describe('the privacy page', () => {
  it('names every cookie the server sets, and the consent rule for anything more', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/pages/privacy' });
    expect(page.statusCode).toBe(200);
    const text = JSON.stringify(page.json());
    // The cookies the code sets (plugins/sessions.ts, plugins/guests.ts), and no banner needed.
    for (const name of ['session', 'guest']) expect(text).toContain(`<code>${name}</code>`);
    expect(text).toMatch(/strictly necessary/);
    expect(text).toMatch(/consent first/);
    expect(text).toMatch(/Your data/);
    // Signing in sets the session cookie and nothing else.
    const shopper = await makeUser(t);
    const login = await signIn(shopper.email, shopper.password);
    const names = [login.headers['set-cookie']].flat().map((c) => String(c).split('=')[0]);
    expect(names).toEqual(['session']);
  });
});
