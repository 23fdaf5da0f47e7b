import type { AdminOrderStatus } from '@contract/orders';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Shopper } from '../../lib/shopper';
import { orderItems, orders } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

export async function insertOrder(db: Executor, values: NewOrder, items: NewOrderItem[]) {
  const [order] = await db.insert(orders).values(values).returning();
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order!.id })));
  return order!;
}

export async function findOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: its fulfilment changes take turns. */
export async function lockOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findItems(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}

export async function listByUser(db: Executor, userId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id));
}

export async function setPayPalOrderId(db: Executor, id: string, paypalOrderId: string) {
  await db.update(orders).set({ paypalOrderId }).where(eq(orders.id, id));
}

export async function findByPayPalOrderId(db: Executor, paypalOrderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.paypalOrderId, paypalOrderId));
  return row;
}

/**
 * Marks a capture call whose outcome is not known yet (capture_started_at = now). Cancel and
 * expiry leave such an order alone for a while, so a capture in flight never races a release.
 */
export async function markCaptureStarted(db: Executor, id: string) {
  const [row] = await db
    .update(orders)
    // Milliseconds, so the Date read back compares equal in endCaptureAttempt.
    .set({ captureStartedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
    .returning();
  return row;
}

/**
 * The attempt that set `startedAt` ended without a capture. `refused` (PayPal's answer is
 * final) also moves on to a new PayPal-Request-Id, since PayPal replays a key's stored answer.
 */
export async function endCaptureAttempt(
  db: Executor,
  id: string,
  startedAt: Date,
  refused: boolean,
) {
  await db
    .update(orders)
    .set({
      captureStartedAt: null,
      ...(refused ? { captureRefusals: sql`${orders.captureRefusals} + 1` } : {}),
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.captureStartedAt, startedAt),
      ),
    );
}

/**
 * pending (or a pending_capture PayPal completed) -> paid, once: of two racing calls only one
 * gets the row back.
 */
export async function markPaid(
  db: Executor,
  id: string,
  payment: { paymentId: string; payerId: string },
  from: 'pending' | 'pending_capture' = 'pending',
) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      paymentId: payment.paymentId,
      payerId: payment.payerId,
      captureStartedAt: null,
      orderUpdateDate: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, from)))
    .returning();
  return row;
}

/**
 * When a pending order may be released: `unasked` only if no capture was ever left without an
 * answer (PayPal cannot have been paid); `asked` (PayPal said it is not paid) unless a capture
 * started within the last `guardSeconds`; `final` (PayPal denied it) always.
 */
export type ReleaseMode = 'unasked' | 'asked' | 'final';

function releasable(mode: ReleaseMode, guardSeconds: number) {
  if (mode === 'final') return undefined;
  if (mode === 'unasked') return isNull(orders.captureStartedAt);
  return or(
    isNull(orders.captureStartedAt),
    lt(orders.captureStartedAt, sql`now() - make_interval(secs => ${guardSeconds})`),
  );
}

/** pending -> cancelled (or failed) when `mode` allows it. */
export async function markCancelled(
  db: Executor,
  id: string,
  paymentStatus: 'cancelled' | 'failed',
  mode: ReleaseMode,
  guardSeconds: number,
) {
  const [row] = await db
    .update(orders)
    .set({ orderStatus: 'cancelled', paymentStatus, orderUpdateDate: sql`now()` })
    .where(
      and(eq(orders.id, id), eq(orders.paymentStatus, 'pending'), releasable(mode, guardSeconds)),
    )
    .returning();
  return row;
}

/**
 * Cancels the shopper's pending orders that a new checkout may replace: never one with a
 * capture left unanswered, nor one whose PayPal order is still being opened (younger than the
 * guard and without a PayPal id). Returns the cancelled ids.
 */
export async function cancelReplaceablePending(
  db: Executor,
  shopper: Shopper,
  guardSeconds: number,
) {
  return db
    .update(orders)
    .set({ orderStatus: 'cancelled', paymentStatus: 'cancelled', orderUpdateDate: sql`now()` })
    .where(
      and(
        openedBy(shopper),
        eq(orders.paymentStatus, 'pending'),
        isNull(orders.captureStartedAt),
        or(
          isNotNull(orders.paypalOrderId),
          lt(orders.orderDate, sql`now() - make_interval(secs => ${guardSeconds})`),
        ),
      ),
    )
    .returning({ id: orders.id });
}

/** Serialises one shopper's checkouts (PostgreSQL and PGlite alike) until the transaction ends. */
export async function lockShopper(db: Executor, key: string) {
  // Namespace 8 keeps these keys apart from the migration lock.
  await db.execute(sql`select pg_advisory_xact_lock(8, hashtext(${key}))`);
}

/** The orders a shopper's checkouts opened: a user's own, or those of a guest's cookie. */
const openedBy = (shopper: Shopper) =>
  shopper.kind === 'user'
    ? eq(orders.userId, shopper.userId)
    : eq(orders.guestKey, shopper.guestKey);

/** Pending orders placed before `cutoff` (oldest first). */
export async function findStalePending(db: Executor, cutoff: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), lt(orders.orderDate, cutoff)))
    .orderBy(asc(orders.orderDate))
    .limit(limit);
}

/** Pending PayPal orders placed before `placedBefore` and not asked about since `checkedBefore`. */
export async function findPendingToCheck(
  db: Executor,
  placedBefore: Date,
  checkedBefore: Date,
  limit: number,
) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.paypalOrderId),
        lt(orders.orderDate, placedBefore),
        or(isNull(orders.paypalCheckedAt), lt(orders.paypalCheckedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${orders.paypalCheckedAt} asc nulls first`, asc(orders.orderDate))
    .limit(limit);
}

export async function markChecked(db: Executor, id: string, at: Date) {
  await db.update(orders).set({ paypalCheckedAt: at }).where(eq(orders.id, id));
}

export async function findPendingByShopper(db: Executor, shopper: Shopper) {
  return db
    .select()
    .from(orders)
    .where(and(openedBy(shopper), eq(orders.paymentStatus, 'pending')));
}

/**
 * Checkouts opened since `since` and never paid (pending, cancelled, expired, failed), counted
 * for each key that names the shopper: its account or guest cookie, and its email (lower case).
 */
export async function countUnpaidSince(db: Executor, shopper: Shopper, email: string, since: Date) {
  const unpaid = and(
    inArray(orders.paymentStatus, ['pending', 'cancelled', 'failed']),
    sql`${orders.orderDate} > ${since}`,
  );
  const byEmail = sql`lower(${orders.guestEmail}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({
      byShopper: sql<number>`count(*) filter (where ${openedBy(shopper)})`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
    })
    .from(orders)
    .where(and(unpaid, email ? or(openedBy(shopper), byEmail) : openedBy(shopper)));
  return row ?? { byShopper: 0, byEmail: 0 };
}

/** Payment states of an order that was paid (refunds included): its money is or was taken. */
export const PAID = ['paid', 'partially_refunded', 'refunded'] as const;

/** Admin fulfilment: only orders that are paid (and not cancelled by their shopper). */
export async function updateStatus(db: Executor, id: string, orderStatus: AdminOrderStatus) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus,
      orderUpdateDate: sql`now()`,
      // The first delivery date stays: the return window counts from it.
      deliveredAt:
        orderStatus === 'delivered' ? sql`coalesce(${orders.deliveredAt}, now())` : undefined,
    })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.paymentStatus, [...PAID]),
        sql`${orders.orderStatus} <> 'cancelled'`,
      ),
    )
    .returning();
  return row;
}
