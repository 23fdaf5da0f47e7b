import { readFileSync } from 'node:fs';
import { erasureBlockedMessage } from '@contract/privacy';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, orderPayments, orders, reviews } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeFullShopper, makeGuestOrder, ownRows, userRow } from '../factories/privacy';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// What the download holds (GDPR art. 15, 20) and what the erasure keeps or waits for (art. 17).
// The requests themselves: privacy.test.ts, privacy-admin.test.ts; a guest's: privacy-guest.test.ts.
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object, who: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie } });
const deleteOwn = (who: TestUser) =>
  post('/api/shop/account/delete', { password: who.password }, who);
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the data download', () => {
  it('holds the cart, the guest orders of the account’s email, fit answers and the mail sent', async () => {
    const { shopper, coat } = await makeFullShopper(t, admin);
    // Placed as a guest with the account's email in another case, not claimed.
    const guest = await makeGuestOrder(t, shopper.email.toUpperCase());
    const stranger = await makeGuestOrder(t, `someone-${crypto.randomUUID()}@example.com`);
    await t.db
      .update(reviews)
      .set({ size: 'M', fit: 'small' })
      .where(eq(reviews.userId, shopper.id));
    const sentAt = new Date('2026-11-20T10:00:00Z');
    await t.db.insert(emailOutbox).values({
      recipient: shopper.email,
      template: 'orderConfirmed',
      data: { removed: 'sent' },
      status: 'sent',
      subject: 'Your order is confirmed',
      sentAt,
    });

    const res = await get('/api/shop/account/export', shopper);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.cart.items).toEqual([
      expect.objectContaining({ productId: coat._id, quantity: 1 }),
    ]);
    const ids = data.orders.map((o: { _id: string }) => o._id);
    expect(ids).toContain(guest.id);
    expect(ids).not.toContain(stranger.id);
    expect(data.orders.find((o: { _id: string }) => o._id === guest.id).cartItems).toHaveLength(1);
    expect(data.reviews).toEqual([
      expect.objectContaining({ reviewValue: 5, size: 'M', fit: 'small' }),
    ]);
    expect(data.emails).toContainEqual(
      expect.objectContaining({ subject: 'Your order is confirmed', sentAt: sentAt.toISOString() }),
    );
    expect(res.body).not.toContain(stranger.guestEmail!);
  });
});

describe('an erasure waits for the orders still owed', () => {
  it('refuses (409, naming the order) while one is paid and not delivered, and changes nothing', async () => {
    const { shopper, coat } = await makeFullShopper(t, admin);
    const open = await makeOrder(t, {
      userId: shopper.id,
      paymentStatus: 'paid',
      orderStatus: 'inShipping',
      items: [{ productId: coat._id, price: 120 }],
    });
    const res = await deleteOwn(shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(erasureBlockedMessage(open.orderNumber));
    expect(res.json().message).toMatch(/^Order #\d+ is paid and not delivered yet/);
    const byAdmin = await post(`/api/admin/customers/${shopper.id}/delete`, {}, admin);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe(erasureBlockedMessage(open.orderNumber));
    expect((await userRow(t, shopper.id)).deletedAt).toBeNull();
    expect(await ownRows(t, shopper.id)).toBeGreaterThan(0);
    expect((await orderRow(open.id)).address).toBe('1 Test Street');

    // Refunded in full, the order owes nothing more: the erasure goes ahead.
    await t.db
      .update(orders)
      .set({ paymentStatus: 'refunded', orderStatus: 'cancelled' })
      .where(eq(orders.id, open.id));
    expect((await deleteOwn(shopper)).statusCode).toBe(200);
    expect((await orderRow(open.id)).address).toBe('erased');
  });

  it('counts a partly refunded guest order placed with the account’s email; delivered, it goes', async () => {
    const shopper = await makeUser(t);
    const guest = await makeGuestOrder(t, shopper.email, {
      paymentStatus: 'partially_refunded',
      orderStatus: 'inProcess',
    });
    const res = await deleteOwn(shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(erasureBlockedMessage(guest.orderNumber));
    await t.db.update(orders).set({ orderStatus: 'delivered' }).where(eq(orders.id, guest.id));
    expect((await deleteOwn(shopper)).statusCode).toBe(200);
    expect((await orderRow(guest.id)).guestEmail).toBe(`deleted-${shopper.id}@invalid`);
  });

  it('counts a capture PayPal is still reviewing as paid; an unpaid or failed order does not wait', async () => {
    const shopper = await makeUser(t);
    const held = await makeOrder(t, {
      userId: shopper.id,
      paymentStatus: 'pending_capture',
      items: [],
    });
    await makeOrder(t, { userId: shopper.id, paymentStatus: 'pending', items: [] });
    await makeOrder(t, { userId: shopper.id, paymentStatus: 'failed', items: [] });
    const res = await deleteOwn(shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(erasureBlockedMessage(held.orderNumber));
    await t.db.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, held.id));
    expect((await deleteOwn(shopper)).statusCode).toBe(200);
  });
});

describe('what an erasure keeps', () => {
  it('keeps the tax record of each order, a review’s rating without its text, a note’s date without its text', async () => {
    const { shopper, order, coat } = await makeFullShopper(t, admin, 'Tess Taxed');
    await t.db
      .update(orders)
      .set({ country: 'GB', region: 'ENG', pincode: 'LS1 4AB' })
      .where(eq(orders.id, order.id));
    await t.db.insert(orderPayments).values({
      orderId: order.id,
      provider: 'paypal',
      method: 'paypal',
      amountCents: order.totalCents,
      currency: 'USD',
      status: 'captured',
      captureId: 'CAPTURE42',
      payerId: 'PAYER42',
    });
    const paymentOf = async () =>
      (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)))[0]!;
    const before = await orderRow(order.id);
    expect((await deleteOwn(shopper)).statusCode).toBe(200);

    const after = await orderRow(order.id);
    const kept = [
      'orderNumber',
      'orderDate',
      'country',
      'region',
      'pincode',
      'totalCents',
    ] as const;
    for (const key of [...kept, 'taxCents', 'taxLines'] as const)
      expect(after[key]).toEqual(before[key]);
    // The capture stays (refunds and the tax record name it); the payer's id names the person.
    expect(await paymentOf()).toMatchObject({ captureId: 'CAPTURE42', payerId: '' });
    expect(after).toMatchObject({
      recipientName: 'erased',
      address: 'erased',
      city: 'erased',
      phone: 'erased',
      notes: '',
    });

    const [review] = await t.db.select().from(reviews).where(eq(reviews.userId, shopper.id));
    expect(review).toMatchObject({
      userName: 'Former customer',
      reviewMessage: '',
      reviewValue: 5,
      productId: coat._id,
    });
    const shown = await t.app.inject({ method: 'GET', url: `/api/shop/review/${coat._id}` });
    expect(shown.body).not.toContain('Warm and well cut');

    // The note written by the admin: the log keeps who wrote one and when, never its text.
    const log = await get(`/api/admin/audit?entity=customer&id=${shopper.id}`, admin);
    expect(log.statusCode).toBe(200);
    const [entry] = log.json().data;
    expect(entry).toMatchObject({ entity: 'customer', actorEmail: admin.email });
    expect(entry.after.notes).toEqual([
      expect.objectContaining({ authorName: expect.any(String), createdAt: expect.any(String) }),
    ]);
    expect(log.body).not.toContain('Prefers email');
    const everything = await t.db.select().from(auditLog);
    expect(JSON.stringify(everything)).not.toContain('Prefers email');
  });

  it('migration 0031 takes the text out of the notes the log kept before, and the log stays append-only', async () => {
    const customerId = crypto.randomUUID();
    const note = {
      _id: crypto.randomUUID(),
      body: 'Old secret note',
      authorName: 'Ann',
      createdAt: 'x',
    };
    await t.db.insert(auditLog).values({
      actorEmail: 'admin@example.com',
      ip: '127.0.0.1',
      action: 'customer.notes',
      entity: 'customer',
      entityId: customerId,
      before: { notes: [] },
      after: { notes: [note], ordersCount: 1 },
    });
    const migration = readFileSync(
      'server/src/db/migrations/0031_audit_notes_without_text.sql',
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, customerId));
    expect(row!.after).toEqual({
      notes: [{ _id: note._id, authorName: 'Ann', createdAt: 'x' }],
      ordersCount: 1,
    });
    expect(row!.before).toEqual({ notes: [] });
    await expect(
      t.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.entityId, customerId)),
    ).rejects.toThrow();
  });
});
