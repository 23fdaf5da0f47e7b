import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/src/db/schema';
import { makePaidOrder } from '../factories/checkout';
import { makeProduct, variantOf } from '../factories/products';
import { askReturn, deliver, returnCount, returnStep } from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const as = (who: { cookie: string } | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const get = (url: string) => as(admin, url);

/** A delivered order of a sized product and a return of some of it. */
async function returned(
  product: Awaited<ReturnType<typeof makeProduct>>,
  bought: Array<{ size: string; quantity: number }>,
  back: Array<{ size: string; quantity: number; reason: string }>,
  deliveredDaysAgo = 0,
) {
  const { user, orderId, order } = await makePaidOrder(
    t,
    bought.map((b) => ({
      product,
      quantity: b.quantity,
      variantId: variantOf(product, b.size, 'Black')._id,
    })),
  );
  await deliver(t, admin, orderId, deliveredDaysAgo);
  const lineOf = (size: string) => order.cartItems.find((i) => i.size === size)!.lineId;
  const res = await askReturn(t, user, {
    orderId,
    lines: back.map((b) => ({ lineId: lineOf(b.size), quantity: b.quantity, reason: b.reason })),
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data._id as string, order };
}

describe('the admin routes', () => {
  it('ask who you are (401) and want an admin (403), before reading the body', async () => {
    const shopper = await makeUser(t);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const who of [undefined, shopper]) {
      const expected = who ? 403 : 401;
      expect((await as(who, '/api/admin/returns')).statusCode).toBe(expected);
      expect((await as(who, '/api/admin/returns/report')).statusCode).toBe(expected);
      for (const step of ['approve', 'refuse', 'receive', 'refund'] as const) {
        expect((await returnStep(t, who, id, step, { bad: true })).statusCode).toBe(expected);
      }
    }
  });

  it('list the queue newest first, with order number and lines, filtered by status', async () => {
    const product = await makeProduct(t, {
      title: 'Queue jacket',
      variants: [
        { size: 'S', color: 'Black', totalStock: 10 },
        { size: 'M', color: 'Black', totalStock: 10 },
      ],
    });
    const older = await returned(
      product,
      [{ size: 'S', quantity: 1 }],
      [{ size: 'S', quantity: 1, reason: 'tooSmall' }],
    );
    const newer = await returned(
      product,
      [{ size: 'M', quantity: 1 }],
      [{ size: 'M', quantity: 1, reason: 'tooLarge' }],
    );
    await returnStep(t, admin, older.id, 'approve', { instructions: 'Post it' });
    const all = (await get('/api/admin/returns?limit=2')).json();
    expect(all.data.map((r: { _id: string }) => r._id)).toEqual([newer.id, older.id]);
    expect(all.data[0]).toMatchObject({
      orderNumber: newer.order.orderNumber,
      lines: [
        { title: 'Queue jacket', size: 'M', color: 'Black', quantity: 1, reason: 'tooLarge' },
      ],
    });
    expect(all.pagination).toMatchObject({ page: 1, limit: 2 });
    const approved = (await get('/api/admin/returns?status=approved&limit=100')).json().data;
    expect(approved.map((r: { _id: string }) => r._id)).toContain(older.id);
    expect(approved.map((r: { _id: string }) => r._id)).not.toContain(newer.id);
    expect((await get('/api/admin/returns?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/returns?limit=1000')).statusCode).toBe(400);
  });

  it('refuse bad step bodies with 400 and change nothing', async () => {
    const product = await makeProduct(t, {
      variants: [{ size: 'S', color: 'Black', totalStock: 5 }],
    });
    const { id } = await returned(
      product,
      [{ size: 'S', quantity: 1 }],
      [{ size: 'S', quantity: 1, reason: 'other' }],
    );
    for (const [step, body] of [
      ['approve', {}],
      ['approve', { instructions: '' }],
      ['approve', { instructions: 'x'.repeat(2001) }],
      ['refuse', { reason: 'Worn', status: 'refunded' }],
      ['receive', { lines: [] }],
      ['receive', { lines: [{ lineId: 'nope', restock: true }] }],
    ] as const) {
      expect((await returnStep(t, admin, id, step, body)).statusCode, `${step}`).toBe(400);
    }
    const [ret] = (await get('/api/admin/returns?status=requested&limit=100'))
      .json()
      .data.filter((r: { _id: string }) => r._id === id);
    expect(ret).toMatchObject({ status: 'requested', instructions: '', refusalReason: '' });
  });
});

describe('the return report', () => {
  it('gives per product and per size the units sold and returned, the rate and the reasons', async () => {
    const product = await makeProduct(t, {
      title: 'Report trousers',
      variants: [
        { size: '30', color: 'Black', totalStock: 20 },
        { size: '32', color: 'Black', totalStock: 20 },
      ],
    });
    await returned(
      product,
      [
        { size: '30', quantity: 2 },
        { size: '32', quantity: 2 },
      ],
      [
        { size: '30', quantity: 2, reason: 'tooSmall' },
        { size: '32', quantity: 1, reason: 'tooLarge' },
      ],
    );
    // Asked after the withdrawal period: an ordinary return, which may be refused.
    const refused = await returned(
      product,
      [{ size: '32', quantity: 4 }],
      [{ size: '32', quantity: 1, reason: 'damaged' }],
      20,
    );
    await returnStep(t, admin, refused.id, 'refuse', { reason: 'Worn' });
    const rows = (await get('/api/admin/returns/report?days=30')).json().data as Array<{
      productId: string;
      size: string;
    }>;
    const mine = rows.filter((r) => r.productId === product._id);
    expect(mine).toEqual([
      expect.objectContaining({
        size: '',
        title: 'Report trousers',
        soldUnits: 8,
        returnedUnits: 3,
        rate: 0.375,
        reasons: expect.objectContaining({ tooSmall: 2, tooLarge: 1, damaged: 0 }),
      }),
      expect.objectContaining({ size: '30', soldUnits: 2, returnedUnits: 2, rate: 1 }),
      expect.objectContaining({
        size: '32',
        soldUnits: 6,
        returnedUnits: 1,
        reasons: expect.objectContaining({ tooLarge: 1 }),
      }),
    ]);
    expect(rows.filter((r) => r.size === '').length).toBeLessThanOrEqual(20);
    expect((await get('/api/admin/returns/report?days=0')).statusCode).toBe(400);
    expect(await returnCount(t)).toBeGreaterThan(0);
  });

  it("keeps the returns of the orders placed since the period's start, to the order's microsecond", async () => {
    // The report reads the order's date from the return (copied to the millisecond when the
    // return is written); its start is whole milliseconds, so it keeps the same orders.
    const product = await makeProduct(t, {
      title: 'Edge scarf',
      variants: [{ size: 'One', color: 'Grey', totalStock: 5 }],
    });
    const { user, orderId, order } = await makePaidOrder(t, [
      { product, quantity: 1, variantId: variantOf(product, 'One', 'Grey')._id },
    ]);
    await t.db
      .update(orders)
      .set({ orderDate: sql`'2025-03-01T10:00:00.000400Z'::timestamptz` })
      .where(eq(orders.id, orderId));
    await deliver(t, admin, orderId);
    const res = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: order.cartItems[0]!.lineId, quantity: 1, reason: 'other' }],
    });
    expect(res.statusCode).toBe(201);
    const day = 24 * 60 * 60 * 1000;
    const since = async (start: string) => {
      const rows = await t.app.services.returnsReport.report(1, new Date(Date.parse(start) + day));
      return rows.filter((r) => r.productId === product._id).map((r) => [r.size, r.returnedUnits]);
    };
    expect(await since('2025-03-01T10:00:00.000Z')).toEqual([
      ['', 1],
      ['One', 1],
    ]);
    expect(await since('2025-03-01T10:00:00.001Z')).toEqual([]);
  });
});
