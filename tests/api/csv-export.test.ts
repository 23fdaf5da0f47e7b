import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/src/db/schema';
import { exportCsv } from '../factories/csv';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const setDate = (id: string, day: string) =>
  t.db
    .update(orders)
    .set({ orderDate: new Date(`${day}T12:00:00Z`) })
    .where(eq(orders.id, id));

describe('the exports', () => {
  it('are attachments of text/csv, refused signed out (401) and for a shopper (403)', async () => {
    const shopper = await makeUser(t);
    for (const file of ['products', 'orders', 'customers']) {
      const url = `/api/admin/export/${file}.csv`;
      const { res } = await exportCsv(t, admin, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect((await exportCsv(t, undefined, url)).res.statusCode).toBe(401);
      expect((await exportCsv(t, shopper, url)).res.statusCode).toBe(403);
    }
  });

  it('write cells a spreadsheet would run as formulas as text (=, +, -, @, tab, CR)', async () => {
    const starts = ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx'];
    for (const [i, start] of starts.entries()) {
      await makeProduct(t, { title: `${start} guarded ${i}`, description: start, brand: 'levi' });
    }
    const { rows } = await exportCsv(t, admin, '/api/admin/export/products.csv');
    const guarded = rows.filter((r) => r.brand === 'levi');
    expect(guarded.map((r) => r.description).sort()).toEqual(starts.map((s) => `'${s}`).sort());
    for (const row of guarded) expect(row.title).toMatch(/^'/);
    // Prices are plain decimals, never guarded.
    for (const row of guarded) expect(row.price).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('the orders export', () => {
  it('has one row per line and keeps to the date range and the status', async () => {
    const buyer = await makeUser(t, { email: 'buyer-csv@example.com' });
    const p = await makeProduct(t, { title: 'Exported shirt' });
    const lines = [
      { productId: p._id, title: 'Shirt S', size: 'S', quantity: 2, price: 19.9 },
      { productId: p._id, title: 'Shirt M', size: 'M', quantity: 1, price: 21 },
    ];
    const june = await makeOrder(t, { userId: buyer.id, items: lines, orderStatus: 'delivered' });
    const july = await makeOrder(t, { userId: buyer.id, items: lines, orderStatus: 'confirmed' });
    const later = await makeOrder(t, { userId: buyer.id, items: [lines[0]!] });
    await setDate(june.id, '2025-06-15');
    await setDate(july.id, '2025-07-01');
    await setDate(later.id, '2025-08-02');

    const url = '/api/admin/export/orders.csv';
    const all = await exportCsv(t, admin, `${url}?from=2025-06-01&to=2025-07-31`);
    expect(all.rows.map((r) => [r['order number'], r['line title'], r.quantity])).toEqual([
      [String(june.orderNumber), 'Shirt M', '1'],
      [String(june.orderNumber), 'Shirt S', '2'],
      [String(july.orderNumber), 'Shirt M', '1'],
      [String(july.orderNumber), 'Shirt S', '2'],
    ]);
    expect(all.rows[1]).toMatchObject({
      date: '2025-06-15T12:00:00.000Z',
      status: 'delivered',
      'payment status': 'paid',
      'customer email': 'buyer-csv@example.com',
      size: 'S',
      'unit price': '19.90',
      'order total': '60.80',
    });
    const delivered = await exportCsv(t, admin, `${url}?status=delivered`);
    expect(delivered.rows.map((r) => r['order number'])).toEqual([
      String(june.orderNumber),
      String(june.orderNumber),
    ]);
    const lastDay = await exportCsv(t, admin, `${url}?from=2025-08-02&to=2025-08-02`);
    expect(lastDay.rows.map((r) => r['order number'])).toEqual([String(later.orderNumber)]);
    const bad = await exportCsv(t, admin, `${url}?from=yesterday`);
    expect(bad.res.statusCode).toBe(400);
  });

  it("names each order's customer, where it went, how, and what was refunded", async () => {
    const buyer = await makeUser(t, { email: 'named-csv@example.com', userName: 'Ada Lovelace' });
    const p = await makeProduct(t, { title: 'Named shirt' });
    const items = [{ productId: p._id, title: 'Named shirt', price: 30 }];
    const account = await makeOrder(t, { userId: buyer.id, items });
    const guest = await makeOrder(t, { userId: buyer.id, items });
    await t.db
      .update(orders)
      .set({
        country: 'CA',
        region: 'QC',
        refundedCents: 1_250,
        paymentStatus: 'partially_refunded',
        shippingMethod: { id: 'express', name: 'Express', minDays: 1, maxDays: 2 },
      })
      .where(eq(orders.id, account.id));
    await t.db
      .update(orders)
      .set({
        userId: null,
        guestEmail: 'guest-csv@example.com',
        guestKey: 'k',
        recipientName: 'Grace H',
      })
      .where(eq(orders.id, guest.id));

    const { rows } = await exportCsv(t, admin, '/api/admin/export/orders.csv');
    const row = (id: number) => rows.find((r) => r['order number'] === String(id));
    expect(row(account.orderNumber)).toMatchObject({
      'customer email': 'named-csv@example.com',
      'customer name': 'Ada Lovelace',
      'ship-to region': 'QC',
      'ship-to country': 'CA',
      'shipping method': 'Express',
      'order total': '30.00',
      'order refunded': '12.50',
    });
    expect(row(guest.orderNumber)).toMatchObject({
      'customer email': 'guest-csv@example.com',
      'customer name': 'Grace H',
      'ship-to country': 'US',
      'shipping method': '',
      'order refunded': '0.00',
    });
  });

  it('streams 5,000 orders in chunks, every line once', async () => {
    const p = await makeProduct(t);
    // Guests' orders: an account's orders would each re-add up its stats (a trigger).
    await t.db.execute(sql`
      with made as (
        insert into orders (guest_email, guest_key, address, city, pincode, phone, notes,
          payment_status, order_status, total_cents, order_date)
        select 'guest' || g || '@example.com', 'key' || g, 'a', 'c', '1', '5', '', 'paid',
          'confirmed', 1000,
          '2024-01-01'::timestamptz + g * interval '1 minute'
        from generate_series(1, 5000) as g
        returning id)
      insert into order_items (order_id, product_id, title, image, unit_price_cents, quantity)
      select id, ${p._id}::uuid, 'Bulk line', '/uploads/x.webp', 1000, 1 from made`);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/admin/export/orders.csv?to=2024-12-31`, {
      headers: { cookie: admin.cookie, 'accept-encoding': 'identity' },
    });
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks += 1;
      text += decoder.decode(read.value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = text.trim().split('\r\n');
    expect(rows).toHaveLength(5001);
    expect(new Set(rows.slice(1).map((r) => r.split(',')[0])).size).toBe(5000);
  });
});

describe('the customers export', () => {
  it('lists shoppers with their orders and spend, not admins', async () => {
    const shopper = await makeUser(t, { email: 'spender@example.com', userName: '=Evil name' });
    const p = await makeProduct(t);
    await makeOrder(t, { userId: shopper.id, items: [{ productId: p._id, price: 12.5 }] });
    await makeOrder(t, {
      userId: shopper.id,
      items: [{ productId: p._id, price: 99 }],
      paymentStatus: 'pending',
    });
    const { rows } = await exportCsv(t, admin, '/api/admin/export/customers.csv');
    expect(rows.find((r) => r.email === 'spender@example.com')).toMatchObject({
      name: "'=Evil name",
      orders: '2',
      'total spent': '12.50',
    });
    expect(rows.find((r) => r.email === admin.email)).toBeUndefined();
  });
});
