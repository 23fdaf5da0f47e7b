import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderPayments } from './order-payments.table';
import { orderAccessTokens, orderClaimTokens, orders } from './orders.table';

// A person's erasure (GDPR art. 17), as the privacy module runs it through ./index.ts, in its
// transaction: the person's orders keep what the tax records need, and lose the rest.

const guestOrdersOf = (email: string) =>
  and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`);

/**
 * The person's orders: the account's and the guest orders placed with its email (the same
 * person's data, not yet claimed); with no account, the guest orders of the email alone.
 */
const ordersOfPerson = (userId: string | null, email: string): SQL | undefined =>
  userId ? or(eq(orders.userId, userId), guestOrdersOf(email)) : guestOrdersOf(email);

/**
 * The person's orders with what decides whether they may be erased yet, locked until the
 * transaction ends: a capture or a refund of one of them waits for the erasure, or it for them.
 */
export async function lockOrdersOfPerson(db: Executor, userId: string | null, email: string) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
    })
    .from(orders)
    .where(ordersOfPerson(userId, email))
    .orderBy(orders.orderNumber)
    .for('update');
}

/** The account's claim links for guest orders. */
export async function deleteClaimTokensOf(db: Executor, userId: string) {
  await db.delete(orderClaimTokens).where(eq(orderClaimTokens.userId, userId));
}

/**
 * Replaces these orders' recipient's name, street address, city and phone by `placeholders.field`, empties their
 * delivery notes and the PayPal payer's id, and puts `placeholders.email` in place of a guest's
 * email; the country, region, postcode, lines, amounts, dates, number and the capture's id stay
 * (the invoice's tax records). Then deletes their status links (a guest order's links would
 * open what is left of it: no longer anyone's).
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
      recipientName: field,
      address: field,
      city: field,
      phone: field,
      notes: '',
      guestEmail: sql`case when ${orders.guestEmail} is null then null else ${email} end`,
    })
    .where(inArray(orders.id, orderIds));
  // The provider's payer id names the person too.
  await db
    .update(orderPayments)
    .set({ payerId: '' })
    .where(inArray(orderPayments.orderId, orderIds));
  await db.delete(orderAccessTokens).where(inArray(orderAccessTokens.orderId, orderIds));
}
