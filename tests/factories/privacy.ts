import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
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
import type { TestApp } from '../helpers/test-app';
import { makeOrder } from './orders';
import { makeProduct } from './products';
import { makeUser, type TestUser } from './users';

// Privacy tests (issue 27): a shopper with data in every section, and what is left of them.

/** A shopper with something in every section: address, order, review, saved item, alert... */
export async function makeFullShopper(t: TestApp, admin: TestUser, name = 'Petra Private') {
  const shopper = await makeUser(t, { userName: name });
  const s = t.app.services;
  await s.addresses.add(shopper.id, {
    address: '12 Linen Lane',
    city: 'Leeds',
    pincode: 'LS1 4AB',
    country: 'GB',
    phone: '555-0199',
    notes: 'Ring twice',
  });
  const coat = await makeProduct(t, { title: 'Wool coat', price: 120, totalStock: 5 });
  const gone = await makeProduct(t, { title: 'Sold-out scarf', price: 30, totalStock: 0 });
  // Delivered: an erasure waits while an order is paid and not delivered or refunded.
  const order = await makeOrder(t, {
    userId: shopper.id,
    orderStatus: 'delivered',
    items: [
      { productId: coat._id, price: 120, quantity: 2, title: 'Wool coat' },
      { productId: gone._id, price: 30, quantity: 1, title: 'Sold-out scarf' },
    ],
  });
  await t.db
    .update(orders)
    .set({
      recipientName: name,
      address: '12 Linen Lane',
      city: 'Leeds',
      phone: '555-0199',
      notes: 'Ring twice',
      deliveredAt: new Date(),
    })
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
  const cart = await t.app.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    payload: { userId: shopper.id, productId: coat._id, quantity: 1 },
    headers: { cookie: shopper.cookie },
  });
  expect(cart.statusCode).toBe(200);
  await s.email.enqueue(t.db, {
    to: shopper.email,
    template: 'passwordReset',
    data: { userName: name, token: 'x'.repeat(43), minutes: 30 },
  });
  const note = await t.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${shopper.id}/notes`,
    payload: { body: 'Prefers email' },
    headers: { cookie: admin.cookie },
  });
  expect(note.statusCode).toBe(200);
  return { shopper, order, coat };
}

/** Rows of the shopper's own tables left behind. */
export async function ownRows(t: TestApp, userId: string) {
  const rows = await Promise.all(
    [addresses, carts, savedItems, stockAlerts, savedSizes, sessions, customerNotes].map((table) =>
      t.db.select().from(table).where(eq(table.userId, userId)),
    ),
  );
  return rows.reduce((n, r) => n + r.length, 0);
}

export const userRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
export const mailsTo = (t: TestApp, email: string) =>
  t.db.select().from(emailOutbox).where(sql`lower(${emailOutbox.recipient}) = lower(${email})`);
/** Whether a session cookie still names a signed-in user on `app`. */
export const signedIn = async (app: TestApp['app'], who: TestUser) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: who.cookie },
    })
  ).json().success as boolean;

/** A guest order placed with `email` (no account), inserted as it would be after checkout. */
export async function makeGuestOrder(
  t: TestApp,
  email: string,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: null,
      guestEmail: email,
      guestKey: `key-${crypto.randomUUID()}`,
      recipientName: 'Gina Guest',
      address: '9 Guest Row',
      city: 'Bristol',
      pincode: 'BS1 5TT',
      country: 'GB',
      region: 'ENG',
      phone: '555-0777',
      notes: 'Leave at the door',
      paymentStatus: 'paid',
      orderStatus: 'delivered',
      totalCents: 4_200,
      ...values,
    })
    .returning();
  await t.db.insert(orderItems).values({
    orderId: order!.id,
    productId: crypto.randomUUID(),
    title: 'Guest scarf',
    image: '/uploads/test.webp',
    unitPriceCents: 4_200,
    quantity: 1,
  });
  return order!;
}
