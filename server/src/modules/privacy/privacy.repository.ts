import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  addresses,
  carts,
  customerNotes,
  emailOutbox,
  orderAccessTokens,
  orderClaimTokens,
  orderNotes,
  orders,
  passwordResets,
  returns,
  reviews,
  savedItems,
  savedSizes,
  sessions,
  stockAlerts,
  users,
} from '../../db/schema';
import { CATALOG_CHANNEL } from '../storefront';

/** An erased account's address: unique, and `.invalid` can never route (RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@invalid`;
/** Not a PHC string: argon2 verification of any password fails on it. */
export const UNUSABLE_PASSWORD = '!erased';
/** What replaces an order's or a return's address fields. */
export const ERASED = 'erased';

export async function findAccount(db: Executor, userId: string, lock = false) {
  const query = db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const byRecipient = (email: string) => sql`lower(${emailOutbox.recipient}) = lower(${email})`;

export function emailsTo(db: Executor, email: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(byRecipient(email))
    .orderBy(asc(emailOutbox.createdAt));
}

export function customerNotesOf(db: Executor, userId: string) {
  return db
    .select({ body: customerNotes.body, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(asc(customerNotes.createdAt));
}

export function orderNotesOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: orderNotes.orderId, body: orderNotes.body, createdAt: orderNotes.createdAt })
    .from(orderNotes)
    .where(inArray(orderNotes.orderId, orderIds))
    .orderBy(asc(orderNotes.createdAt));
}

/**
 * The person's orders: the account's, and guest orders placed with its email (the same
 * person's data, not yet claimed).
 */
const ordersOfPerson = (userId: string, email: string) =>
  or(
    eq(orders.userId, userId),
    and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`),
  );

/**
 * Erases one account's personal data, inside the caller's transaction: the user row stays as
 * "Former customer" with an unusable email and password; orders and returns keep their lines
 * and money with the contact fields replaced; what is only the shopper's is deleted. Deleting
 * sessions and updating the user fire the triggers whose NOTIFY makes every instance forget
 * them at commit.
 */
export async function eraseAccount(
  tx: Executor,
  account: { id: string; email: string },
  formerName: string,
  now: Date,
) {
  const { id, email } = account;
  const placeholder = erasedEmail(id);
  const orderRows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(ordersOfPerson(id, email));
  const orderIds = orderRows.map((o) => o.id);
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
  await tx.delete(addresses).where(eq(addresses.userId, id));
  await tx.delete(carts).where(eq(carts.userId, id));
  await tx.delete(savedItems).where(eq(savedItems.userId, id));
  await tx.delete(stockAlerts).where(eq(stockAlerts.userId, id));
  await tx.delete(savedSizes).where(eq(savedSizes.userId, id));
  await tx.delete(orderClaimTokens).where(eq(orderClaimTokens.userId, id));
  await tx.delete(customerNotes).where(eq(customerNotes.userId, id));
  // Mail already sent or waiting for the old address: its data names the person.
  await tx.delete(emailOutbox).where(byRecipient(email));
  if (orderIds.length > 0) {
    await tx
      .update(orders)
      .set({
        address: ERASED,
        city: ERASED,
        pincode: ERASED,
        phone: ERASED,
        notes: '',
        guestEmail: sql`case when ${orders.guestEmail} is null then null else ${placeholder} end`,
      })
      .where(inArray(orders.id, orderIds));
    // A guest order's status links would open what is left of it: no longer anyone's.
    await tx.delete(orderAccessTokens).where(inArray(orderAccessTokens.orderId, orderIds));
    await tx.update(returns).set({ email: placeholder }).where(inArray(returns.orderId, orderIds));
  }
  const reviewed = await tx
    .update(reviews)
    .set({ userName: formerName })
    .where(eq(reviews.userId, id))
    .returning({ productId: reviews.productId });
  await notifyProductsChanged(
    tx,
    reviewed.map((r) => r.productId),
  );
  await tx
    .update(users)
    .set({
      userName: formerName,
      email: placeholder,
      passwordHash: UNUSABLE_PASSWORD,
      permissions: [],
      deletedAt: now,
    })
    .where(eq(users.id, id));
}

/**
 * Tells every instance's storefront cache (at commit) that these products' reviews changed, so
 * no cached list keeps showing the old name. Chunked: a NOTIFY payload is at most 8000 bytes.
 */
async function notifyProductsChanged(tx: Executor, productIds: string[]) {
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const payload = `products:${unique.slice(i, i + 100).join(',')}`;
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`);
  }
}
