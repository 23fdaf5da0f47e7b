import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderAccessTokens, orderClaimTokens, orders } from './orders.table';

// An account's erasure (GDPR art. 17), as the privacy module runs it through ./index.ts, in its
// transaction: the person's orders keep their lines and money, and lose their contact fields.

/**
 * The person's orders: the account's, and guest orders placed with its email (the same
 * person's data, not yet claimed).
 */
const ordersOfPerson = (userId: string, email: string) =>
  or(
    eq(orders.userId, userId),
    and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`),
  );

/** The ids of the person's orders (see `ordersOfPerson`). */
export async function orderIdsOfPerson(db: Executor, userId: string, email: string) {
  const rows = await db.select({ id: orders.id }).from(orders).where(ordersOfPerson(userId, email));
  return rows.map((o) => o.id);
}

/** The account's claim links for guest orders. */
export async function deleteClaimTokensOf(db: Executor, userId: string) {
  await db.delete(orderClaimTokens).where(eq(orderClaimTokens.userId, userId));
}

/**
 * Replaces these orders' address, city, pincode and phone by `placeholders.field`, empties their
 * delivery notes and puts `placeholders.email` in place of a guest's email; then deletes their
 * status links (a guest order's links would open what is left of it: no longer anyone's).
 */
export async function eraseOrderContacts(
  db: Executor,
  orderIds: string[],
  placeholders: { field: string; email: string },
) {
  if (orderIds.length === 0) return;
  const { field, email } = placeholders;
  await db
    .update(orders)
    .set({
      address: field,
      city: field,
      pincode: field,
      phone: field,
      notes: '',
      guestEmail: sql`case when ${orders.guestEmail} is null then null else ${email} end`,
    })
    .where(inArray(orders.id, orderIds));
  await db.delete(orderAccessTokens).where(inArray(orderAccessTokens.orderId, orderIds));
}
