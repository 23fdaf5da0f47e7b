import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A migration runs on a database that holds orders: each one here is applied to orders written
// before it, and the orders answer as they did.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const runMigration = async (file: string) => {
  const text = readFileSync(`server/src/db/migrations/${file}`, 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    await t.db.execute(sql.raw(statement));
};

const details = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/details/${id}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe('order migrations', () => {
  it('0033 gives every order written before it the currency USD, and its answer stays the same', async () => {
    const product = await makeProduct(t, { title: 'Old shirt' });
    const shopper = await makeUser(t);
    const paid = await makeOrder(t, {
      userId: shopper.id,
      items: [{ productId: product._id, quantity: 2, price: 12.5 }],
    });
    await t.db
      .update(orders)
      .set({ paypalOrderId: 'OLD-PAYPAL-ORDER', paymentId: 'OLD-CAPTURE', payerId: 'OLD-PAYER' })
      .where(eq(orders.id, paid.id));
    const guest = await makeOrder(t, {
      userId: null,
      guestEmail: 'old-guest@example.com',
      items: [{ productId: product._id }],
      paymentStatus: 'pending',
    });
    const before = [await details(paid.id), await details(guest.id)];

    // The table as it was before 0033.
    await t.db.execute(sql`alter table orders drop constraint orders_currency_check`);
    await t.db.execute(sql`alter table orders drop column currency`);
    await runMigration('0033_order_currency.sql');

    const record = await t.app.services.orders.find(paid.id);
    expect(record).toMatchObject({ currency: 'USD', totalCents: 2500, paymentId: 'OLD-CAPTURE' });
    expect((await t.app.services.orders.find(guest.id))!.currency).toBe('USD');
    expect([await details(paid.id), await details(guest.id)]).toEqual(before);
  });
});
