import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder, type OrderOverrides } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Listed = {
  _id: string;
  orderNumber: number;
  orderStatus: string;
  paymentStatus: string;
  totalAmount: number;
  orderDate: string;
  customer: { name: string; email: string; customerId: string | null };
};

let t: TestApp;
let admin: TestUser;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  productId = (await makeProduct(t))._id;
});
afterAll(async () => t.close());

const token = () => `tk${randomBytes(4).toString('hex')}`;
const get = (url: string, who: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const list = async (query: string) => {
  const res = await get(`/api/admin/orders/get?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; pagination: { total: number; pages: number } };
};
const ids = async (query: string) => (await list(query)).data.map((o) => o._id);
const order = (o: Partial<OrderOverrides> & { price?: number }) =>
  makeOrder(t, {
    userId: null,
    guestEmail: `${token()}@example.com`,
    items: [{ productId, price: o.price ?? 10 }],
    ...o,
  });

describe('the admin order list: search', () => {
  it('finds an order by its number, with or without #', async () => {
    const placed = await order({});
    for (const search of [`%23${placed.orderNumber}`, String(placed.orderNumber)]) {
      expect(await ids(`search=${search}`)).toContain(placed.id);
    }
    expect(await ids('search=%23999999999')).toEqual([]);
  });

  it("finds an order by the account's email and the guest's, in any case", async () => {
    const tag = token();
    const shopper = await makeUser(t, { email: `${tag}.shopper@example.com` });
    const mine = await order({ userId: shopper.id, guestEmail: undefined });
    const guest = await order({ guestEmail: `${tag}.guest@example.com` });
    expect(new Set(await ids(`search=${tag.toUpperCase()}`))).toEqual(new Set([mine.id, guest.id]));
    expect(await ids(`search=${tag}.guest`)).toEqual([guest.id]);
    const [row] = (await list(`search=${tag}.shopper`)).data;
    expect(row?.customer).toEqual({
      name: shopper.userName,
      email: shopper.email,
      customerId: shopper.id,
    });
  });

  it("finds an order by the account's name and the guest's", async () => {
    const tag = token();
    const shopper = await makeUser(t, { userName: `Quentin ${tag}` });
    const mine = await order({ userId: shopper.id, guestEmail: undefined });
    const guest = await order({ recipientName: `Rosalind ${tag}` });
    expect(await ids(`search=quentin%20${tag}`)).toEqual([mine.id]);
    expect(await ids(`search=ROSALIND%20${tag}`)).toEqual([guest.id]);
    expect(new Set(await ids(`search=${tag}`))).toEqual(new Set([mine.id, guest.id]));
  });

  it('takes %, _ and \\ in a search literally', async () => {
    const tag = token();
    const named = await order({ recipientName: `${tag} 50%_off\\` });
    await order({ recipientName: `${tag} 50xyoff` });
    expect(await ids(`search=${encodeURIComponent(`${tag} 50%_`)}`)).toEqual([named.id]);
    expect(await ids(`search=${encodeURIComponent(`${tag} 50__off`)}`)).toEqual([]);
    expect(await ids(`search=${encodeURIComponent(`off\\`)}`)).toEqual([named.id]);
  });
});

describe('the admin order list: filters, sort and pages', () => {
  it('filters by fulfilment status and by payment status', async () => {
    const tag = token();
    const shipped = await order({ recipientName: tag, orderStatus: 'inShipping' });
    const unpaid = await order({ recipientName: tag, paymentStatus: 'pending' });
    const refunded = await order({
      recipientName: tag,
      paymentStatus: 'refunded',
      orderStatus: 'cancelled',
    });
    expect(await ids(`search=${tag}&status=inShipping`)).toEqual([shipped.id]);
    expect(await ids(`search=${tag}&paymentStatus=pending`)).toEqual([unpaid.id]);
    expect(await ids(`search=${tag}&status=cancelled&paymentStatus=refunded`)).toEqual([
      refunded.id,
    ]);
    expect(await ids(`search=${tag}&status=cancelled&paymentStatus=paid`)).toEqual([]);
    const everyShipped = (await list('status=inShipping&limit=100')).data;
    expect(everyShipped.map((o) => o._id)).toContain(shipped.id);
    expect(everyShipped.every((o) => o.orderStatus === 'inShipping')).toBe(true);
    const everyUnpaid = (await list('paymentStatus=pending&limit=100')).data;
    expect(everyUnpaid.map((o) => o._id)).toContain(unpaid.id);
    expect(everyUnpaid.every((o) => o.paymentStatus === 'pending')).toBe(true);
  });

  it('keeps the UTC days from and to, both included', async () => {
    const at = (iso: string) => order({ orderDate: new Date(iso) });
    const before = await at('2001-03-04T23:59:59.999Z');
    const first = await at('2001-03-05T00:00:00.000Z');
    const last = await at('2001-03-06T23:59:59.999Z');
    const after = await at('2001-03-07T00:00:00.000Z');
    expect(await ids('from=2001-03-05&to=2001-03-06')).toEqual([last.id, first.id]);
    expect(await ids('from=2001-03-05&to=2001-03-05')).toEqual([first.id]);
    expect(await ids('to=2001-03-04')).toContain(before.id);
    expect(await ids('to=2001-03-04')).not.toContain(first.id);
    expect(await ids('from=2001-03-07&to=2001-03-07')).toEqual([after.id]);
  });

  it('sorts newest, oldest, by total down and up', async () => {
    const tag = token();
    const day = (d: number) => new Date(Date.UTC(2002, 0, d));
    const a = await order({ recipientName: tag, price: 30, orderDate: day(1) });
    const b = await order({ recipientName: tag, price: 10, orderDate: day(2) });
    const c = await order({ recipientName: tag, price: 20, orderDate: day(3) });
    expect(await ids(`search=${tag}`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`search=${tag}&sort=newest`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`search=${tag}&sort=oldest`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`search=${tag}&sort=total_desc`)).toEqual([a.id, c.id, b.id]);
    expect(await ids(`search=${tag}&sort=total_asc`)).toEqual([b.id, c.id, a.id]);
  });

  it('pages what matches and counts it', async () => {
    const tag = token();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await order({ recipientName: tag }));
    const first = await list(`search=${tag}&limit=2`);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const second = await list(`search=${tag}&limit=2&page=2`);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    const seen = [...first.data, ...second.data].map((o) => o._id);
    expect(new Set(seen)).toEqual(new Set(made.map((o) => o.id)));
    expect((await list(`search=${tag}&limit=2&page=3`)).data).toEqual([]);
  });
});

describe('the admin order list: its edges', () => {
  it('answers as before without parameters, and empty parameters are none', async () => {
    await order({});
    const res = await get('/api/admin/orders/get');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['success', 'data', 'pagination']);
    const total = body.pagination.total;
    expect(body.pagination).toEqual({ page: 1, limit: 50, total, pages: Math.ceil(total / 50) });
    const empty = 'search=&status=&paymentStatus=&from=&to=&sort=&page=&limit=';
    expect((await get(`/api/admin/orders/get?${empty}`)).body).toBe(res.body);
    expect((await get('/api/admin/orders/get?sort=newest&page=1&limit=50')).body).toBe(res.body);
    const dates = body.data.map((o: Listed) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses bad parameters with 400 and says which', async () => {
    const cases: Record<string, string> = {
      'limit=0': 'limit must be at least 1',
      'limit=101': 'limit must be at most 100',
      'page=0': 'page must be at least 1',
      'page=100001': 'page must be at most 100000',
      'page=two': 'page must be a number',
      'page=1.5': 'page must be a whole number',
      [`search=${'a'.repeat(101)}`]: 'search must be at most 100 characters',
      'search=%07': 'search must not contain control characters',
      'status=shipped': 'status must be one of pending',
      'status=a&status=b': 'status must be one of',
      'paymentStatus=owed': 'paymentStatus must be one of pending',
      'sort=price': 'sort must be one of newest, oldest, total_desc, total_asc',
      'from=2026-13-01': 'from must be a date (YYYY-MM-DD)',
      'to=2026-1-5': 'to must be a date (YYYY-MM-DD)',
      'from=2026-02-02&to=2026-02-01': 'to must not be before from',
    };
    for (const [query, message] of Object.entries(cases)) {
      const res = await get(`/api/admin/orders/get?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'INVALID_INPUT' });
      expect(res.json().message, query).toContain(message);
    }
  });

  it('asks for orders.view before it reads the parameters', async () => {
    const packer = await makeStaff(t, ['orders.ship', 'catalog']);
    const viewer = await makeStaff(t, ['orders.view']);
    expect((await get('/api/admin/orders/get?search=a', packer)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/get?limit=500', packer)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/get?limit=500', null)).statusCode).toBe(401);
    expect((await get('/api/admin/orders/get?search=a', viewer)).statusCode).toBe(200);
  });
});
