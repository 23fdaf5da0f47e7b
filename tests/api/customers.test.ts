import { customerSorts } from '@contract/customers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../server/src/db/schema';
import { CustomersService } from '../../server/src/modules/customers/customers.service';
import { makeOrder } from '../factories/orders';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A small set whose every sort order differs (paid, partly and wholly refunded, pending):
//   name   joined   counted orders   spent              last order
//   Alice  Jan      2                300 + (50 - 20)    Mar
//   Bob    Feb      1 (+1 pending)   10                 May
//   Carol  Mar      0                0                  never
//   Dan    Apr      3                100 + 100 + 0      Jan
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
const c: Record<'alice' | 'bob' | 'carol' | 'dan', TestUser> = {} as never;

const productId = '00000000-0000-4000-8000-000000000001';
async function order(
  user: TestUser,
  price: number,
  date: string,
  paymentStatus: 'paid' | 'pending' | 'partially_refunded' | 'refunded' = 'paid',
  refundedCents = 0,
) {
  const row = await makeOrder(t, {
    userId: user.id,
    items: [{ productId, price }],
    paymentStatus: paymentStatus === 'pending' ? 'pending' : 'paid',
  });
  // As the payment flow does: paid first, then refunded (the triggers follow each update).
  await t.db
    .update(orders)
    .set({ paymentStatus, refundedCents, orderDate: new Date(date) })
    .where(eq(orders.id, row.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin', userName: 'Ada Admin' });
  const joined = { alice: '2024-01-01', bob: '2024-02-01', carol: '2024-03-01', dan: '2024-04-01' };
  for (const [key, date] of Object.entries(joined)) {
    const name = key[0]!.toUpperCase() + key.slice(1);
    const user = await makeUser(t, {
      userName: `${name} Sample`,
      email: `${key}.sample@example.com`,
    });
    await t.db
      .update(users)
      .set({ createdAt: new Date(date) })
      .where(eq(users.id, user.id));
    c[key as keyof typeof c] = user;
  }
  shopper = c.carol;
  await order(c.alice, 300, '2026-02-01');
  await order(c.alice, 50, '2026-03-01', 'partially_refunded', 2000);
  await order(c.bob, 10, '2026-05-01');
  await order(c.bob, 500, '2026-06-01', 'pending');
  await order(c.dan, 100, '2025-11-01');
  await order(c.dan, 100, '2025-12-01');
  await order(c.dan, 100, '2026-01-01', 'refunded', 10000);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, who: TestUser | null = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/customers?${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const names = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((row: { userName: string }) => row.userName.split(' ')[0]);
};

describe('GET /api/admin/customers', () => {
  it('lists shoppers only, with their paid orders counted and summed (pending ones not)', async () => {
    const res = await list('sort=joined');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({
      page: 1,
      limit: 50,
      total: 4,
      pages: 1,
      next: null,
      prev: null,
    });
    expect(body.data.map((row: { email: string }) => row.email)).not.toContain(admin.email);
    const byName = Object.fromEntries(
      body.data.map((row: { userName: string }) => [row.userName.split(' ')[0], row]),
    );
    expect(byName.Alice).toMatchObject({ ordersCount: 2, totalSpent: 330, status: 'active' });
    expect(byName.Alice.lastOrderAt).toBe('2026-03-01T00:00:00.000Z');
    expect(byName.Bob).toMatchObject({ ordersCount: 1, totalSpent: 10 });
    expect(byName.Carol).toMatchObject({ ordersCount: 0, totalSpent: 0, lastOrderAt: null });
    expect(byName.Dan).toMatchObject({ ordersCount: 3, totalSpent: 200 });
    expect(byName.Dan.joinedAt).toBe('2024-04-01T00:00:00.000Z');
  });

  it('sorts by every key, both ways (newest customers first by default)', async () => {
    expect(await names('')).toEqual(['Dan', 'Carol', 'Bob', 'Alice']);
    expect(await names('sort=joined')).toEqual(['Alice', 'Bob', 'Carol', 'Dan']);
    expect(await names('sort=-joined')).toEqual(['Dan', 'Carol', 'Bob', 'Alice']);
    expect(await names('sort=orders')).toEqual(['Carol', 'Bob', 'Alice', 'Dan']);
    expect(await names('sort=-orders')).toEqual(['Dan', 'Alice', 'Bob', 'Carol']);
    expect(await names('sort=spent')).toEqual(['Carol', 'Bob', 'Dan', 'Alice']);
    expect(await names('sort=-spent')).toEqual(['Alice', 'Dan', 'Bob', 'Carol']);
    expect(await names('sort=lastOrder')).toEqual(['Carol', 'Dan', 'Alice', 'Bob']);
    expect(await names('sort=-lastOrder')).toEqual(['Bob', 'Alice', 'Dan', 'Carol']);
  });

  it('follows a later payment and refund (the stats are kept by the database)', async () => {
    const extra = await makeUser(t, { userName: 'Eve Later' });
    const row = await order(extra, 40, '2026-07-01', 'pending');
    expect(await names('search=eve%20later')).toEqual(['Eve']);
    let [eve] = (await list('search=eve%20later')).json().data;
    expect(eve).toMatchObject({ ordersCount: 0, totalSpent: 0, lastOrderAt: null });
    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, row.id));
    [eve] = (await list('search=eve%20later')).json().data;
    expect(eve).toMatchObject({ ordersCount: 1, totalSpent: 40 });
    await t.db
      .update(orders)
      .set({ paymentStatus: 'partially_refunded', refundedCents: 1500 })
      .where(eq(orders.id, row.id));
    [eve] = (await list('search=eve%20later')).json().data;
    expect(eve).toMatchObject({ ordersCount: 1, totalSpent: 25 });
    // A staff account is no customer.
    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, extra.id));
    expect(await names('search=eve%20later')).toEqual([]);
  });

  it('searches name or email, any case, any part; LIKE wildcards are taken literally', async () => {
    expect(await names('search=ALICE')).toEqual(['Alice']);
    expect(await names('search=bob.sample%40EXAMPLE')).toEqual(['Bob']);
    expect(await names('search=sample&sort=orders')).toEqual(['Carol', 'Bob', 'Alice', 'Dan']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
    expect(await names('search=a%5C')).toEqual([]);
    const res = await list('search=sample&limit=2');
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 2, total: 4, pages: 2 });
    expect(res.json().pagination.next).toEqual(expect.any(String));
  });

  it('pages: limit and page, and an empty page past the end', async () => {
    expect(await names('sort=joined&limit=2&page=2')).toEqual(['Carol', 'Dan']);
    expect(await names('sort=joined&limit=3&page=2')).toEqual(['Dan']);
    const past = await list('sort=joined&limit=2&page=9');
    expect(past.json().data).toEqual([]);
    expect(past.json().pagination).toEqual({
      page: 9,
      limit: 2,
      total: 4,
      pages: 2,
      next: null,
      prev: null,
    });
  });

  it('refuses a bad query with 400', async () => {
    for (const query of [
      'sort=name',
      'sort=spent;drop',
      'page=0',
      'page=abc',
      'limit=101',
      'limit=0',
      `search=${'x'.repeat(101)}`,
      'search=a%00b',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
  });

  it('is for staff only: 401 signed out, 403 for a shopper', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', shopper)).statusCode).toBe(403);
    // Who asks is checked before what is asked: a forged cursor is 401/403 to them, not 400.
    const forged = 'after=not-a-cursor&before=x';
    expect((await list(forged, null)).statusCode).toBe(401);
    expect((await list(forged, shopper)).statusCode).toBe(403);
  });

  it('shows an erased account as "Former customer", its email hidden', async () => {
    const gone = await makeUser(t, { userName: 'Gina Gone' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const res = await list('sort=-joined&limit=1');
    expect(res.json().data[0]).toMatchObject({
      _id: gone.id,
      userName: 'Former customer',
      email: '',
      status: 'erased',
    });
  });
});

describe('a page past the middle, read from the other end', () => {
  it('is the same page as read from the start, for every sort and page size', async () => {
    const { orders: ordersService, addresses, reviews, wishlist } = t.app.services;
    const deps = { orders: ordersService, addresses, reviews, wishlist };
    // Reversing from offset 1 on, against the shop's own service (which never does so here).
    const fromEnd = new CustomersService(t.db, deps, 1);
    const forward = new CustomersService(t.db, deps);
    for (const sort of customerSorts) {
      for (const limit of [1, 2, 3]) {
        for (const page of [1, 2, 3, 4, 5]) {
          const query = { search: '', sort, page, limit };
          const ids = async (service: CustomersService) =>
            (await service.list(query)).customers.map((row) => row._id);
          expect(await ids(fromEnd), `${sort} ${limit} ${page}`).toEqual(await ids(forward));
        }
      }
    }
  });
});
