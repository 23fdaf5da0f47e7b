import type { StaffPermission } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, users } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin', userName: 'Ada Admin' });
  customer = await makeUser(t, { userName: 'Petra Page', email: 'petra.page@example.com' });
  const { addresses, wishlist } = t.app.services;
  await addresses.add(customer.id, {
    address: '12 Linen Lane',
    city: 'Leeds',
    pincode: 'LS1 4AB',
    phone: '555-0199',
    notes: '',
    country: 'GB',
  });
  const coat = await makeProduct(t, { title: 'Wool coat', price: 120, totalStock: 5 });
  const scarf = await makeProduct(t, { title: 'Silk scarf', price: 30, totalStock: 5 });
  const order = await makeOrder(t, {
    userId: customer.id,
    items: [{ productId: coat._id, price: 120, quantity: 2, title: 'Wool coat' }],
  });
  orderId = order.id;
  await t.db.insert(reviews).values({
    productId: coat._id,
    userId: customer.id,
    userName: 'Petra Page',
    reviewMessage: 'Warm and well cut',
    reviewValue: 5,
  });
  await wishlist.add(customer.id, scarf._id);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, payload: object, who: TestUser | null = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? { cookie: who.cookie } : {} });

describe('GET /api/admin/customers/{id}', () => {
  it('answers the profile, addresses, orders with totals, reviews and saved items', async () => {
    const res = await get(`/api/admin/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.customer).toMatchObject({
      _id: customer.id,
      userName: 'Petra Page',
      email: 'petra.page@example.com',
      status: 'active',
      ordersCount: 1,
      totalSpent: 240,
    });
    expect(data.addresses).toEqual([expect.objectContaining({ address: '12 Linen Lane' })]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        _id: orderId,
        totalAmount: 240,
        itemCount: 2,
        paymentStatus: 'paid',
        orderStatus: 'confirmed',
      }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ reviewMessage: 'Warm and well cut', reviewValue: 5 }),
    ]);
    expect(data.savedItems).toEqual([expect.objectContaining({ title: 'Silk scarf' })]);
    expect(data.notes).toEqual([]);
  });

  it('404 for an unknown, malformed or non-customer id', async () => {
    for (const id of ['00000000-0000-4000-8000-00000000dead', 'nope', admin.id]) {
      const res = await get(`/api/admin/customers/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('401 signed out, 403 for a shopper (even about themselves)', async () => {
    expect((await get(`/api/admin/customers/${customer.id}`, null)).statusCode).toBe(401);
    expect((await get(`/api/admin/customers/${customer.id}`, customer)).statusCode).toBe(403);
  });
});

describe('customer notes', () => {
  const url = () => `/api/admin/customers/${customer.id}/notes`;

  it('are added by staff, dated, author named, newest first', async () => {
    const first = await post(url(), { body: '  Asked for gift wrapping\nevery time  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      body: 'Asked for gift wrapping\nevery time',
      authorName: 'Ada Admin',
    });
    const second = await post(url(), { body: 'Prefers email to phone' });
    expect(second.statusCode).toBe(200);
    const { data } = (await get(`/api/admin/customers/${customer.id}`)).json();
    expect(data.notes.map((n: { body: string }) => n.body)).toEqual([
      'Prefers email to phone',
      'Asked for gift wrapping\nevery time',
    ]);
    expect(Date.now() - Date.parse(data.notes[0].createdAt)).toBeLessThan(60_000);
  });

  it('refuse an empty, too long or control-character body, and change nothing', async () => {
    const before = (await get(`/api/admin/customers/${customer.id}`)).json().data.notes.length;
    for (const payload of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: 'bell\u0007' },
      { body: 5 },
      { body: 'ok', extra: 1 },
    ]) {
      const res = await post(url(), payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect((await post(url(), { body: 'x'.repeat(2000) })).statusCode).toBe(200);
    const after = (await get(`/api/admin/customers/${customer.id}`)).json().data.notes.length;
    expect(after).toBe(before + 1);
  });

  it('are staff only (401, 403) and 404 for an unknown customer', async () => {
    expect((await post(url(), { body: 'hi' }, null)).statusCode).toBe(401);
    expect((await post(url(), { body: 'hi' }, customer)).statusCode).toBe(403);
    const unknown = '/api/admin/customers/00000000-0000-4000-8000-00000000dead/notes';
    expect((await post(unknown, { body: 'hi' })).statusCode).toBe(404);
  });
});

describe('order notes', () => {
  it("appear in the admin order details, never in the shopper's order answers", async () => {
    const res = await post(`/api/admin/orders/${orderId}/notes`, { body: 'Call before delivery' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      authorName: 'Ada Admin',
      body: 'Call before delivery',
    });

    const adminView = (await get(`/api/admin/orders/details/${orderId}`)).json().data;
    expect(adminView.notes).toEqual([
      expect.objectContaining({ body: 'Call before delivery', authorName: 'Ada Admin' }),
    ]);

    const shopperDetails = await get(`/api/shop/order/details/${orderId}`, customer);
    expect(shopperDetails.statusCode).toBe(200);
    expect(shopperDetails.json().data).not.toHaveProperty('notes');
    expect(shopperDetails.body).not.toContain('Call before delivery');
    const shopperList = await get(`/api/shop/order/list/${customer.id}`, customer);
    expect(shopperList.statusCode).toBe(200);
    expect(shopperList.body).not.toContain('Call before delivery');
    // The shopper's order answer is the plain order schema: a note cannot slip into it.
    const adminList = await get('/api/admin/orders/get');
    expect(adminList.body).not.toContain('Call before delivery');
  });

  it('are staff only, bounded, and 404 for an unknown order', async () => {
    const url = `/api/admin/orders/${orderId}/notes`;
    expect((await post(url, { body: 'hi' }, null)).statusCode).toBe(401);
    expect((await post(url, { body: 'hi' }, customer)).statusCode).toBe(403);
    expect((await post(url, { body: '' })).statusCode).toBe(400);
    expect((await post(url, { body: 'y'.repeat(2001) })).statusCode).toBe(400);
    const unknown = '/api/admin/orders/00000000-0000-4000-8000-00000000dead/notes';
    expect((await post(unknown, { body: 'hi' })).statusCode).toBe(404);
    expect((await post('/api/admin/orders/nope/notes', { body: 'hi' })).statusCode).toBe(404);
    const notes = (await get(`/api/admin/orders/details/${orderId}`)).json().data.notes;
    expect(notes).toHaveLength(1);
  });
});

/** A staff member holding `permissions` (set before their first request reads the session). */
async function staff(name: string, permissions: StaffPermission[]) {
  const user = await makeUser(t, { userName: name });
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  return user;
}

describe('staff permissions', () => {
  it('customers: the list, the page and its notes; nothing else', async () => {
    const clerk = await staff('Cleo Clerk', ['customers']);
    expect((await get('/api/admin/customers', clerk)).statusCode).toBe(200);
    expect((await get(`/api/admin/customers/${customer.id}`, clerk)).statusCode).toBe(200);
    const res = await post(`/api/admin/customers/${customer.id}/notes`, { body: 'VIP' }, clerk);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authorName).toBe('Cleo Clerk');
    const orderNote = await post(`/api/admin/orders/${orderId}/notes`, { body: 'x' }, clerk);
    expect(orderNote.statusCode).toBe(403);
  });

  it("orders.update: an order's notes, but not the customers", async () => {
    const packer = await staff('Paco Packer', ['orders.view', 'orders.update']);
    const res = await post(`/api/admin/orders/${orderId}/notes`, { body: 'Fragile' }, packer);
    expect(res.statusCode).toBe(200);
    expect((await get('/api/admin/customers', packer)).statusCode).toBe(403);
    expect((await get(`/api/admin/customers/${customer.id}`, packer)).statusCode).toBe(403);
    const note = await post(`/api/admin/customers/${customer.id}/notes`, { body: 'x' }, packer);
    expect(note.statusCode).toBe(403);
  });

  it('without either: 403 on every customer route and on order notes', async () => {
    const viewer = await staff('Vic Viewer', ['orders.view', 'catalog', 'content']);
    expect((await get('/api/admin/customers', viewer)).statusCode).toBe(403);
    expect((await get(`/api/admin/customers/${customer.id}`, viewer)).statusCode).toBe(403);
    expect(
      (await post(`/api/admin/customers/${customer.id}/notes`, { body: 'x' }, viewer)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/admin/orders/${orderId}/notes`, { body: 'x' }, viewer)).statusCode,
    ).toBe(403);
  });
});
