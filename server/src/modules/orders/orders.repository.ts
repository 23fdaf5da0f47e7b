import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { AdminOrderStatus } from '../../../../contract/orders';
import type { Executor } from '../../db/client';
import type { Shopper } from '../../lib/shopper';
import { orderAccessTokens, orderClaimTokens, orderItems, orders } from './orders.table';

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

export async function listPage(db: Executor, limit: number, offset: number) {
  return db
    .select()
    .from(orders)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countAll(db: Executor) {
  const [row] = await db.select({ value: count() }).from(orders);
  return row?.value ?? 0;
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

/** pending -> paid, once: of two racing calls only one gets the row back. */
export async function markPaid(
  db: Executor,
  id: string,
  payment: { paymentId: string; payerId: string },
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
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
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

// Guest orders: status links, the lookup, and claims by an account.

export async function insertAccessToken(db: Executor, orderId: string, tokenHash: string) {
  await db.insert(orderAccessTokens).values({ orderId, tokenHash });
}

export async function findByAccessToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ order: orders })
    .from(orderAccessTokens)
    .innerJoin(orders, eq(orders.id, orderAccessTokens.orderId))
    .where(eq(orderAccessTokens.tokenHash, tokenHash));
  return row?.order;
}

/** The guest order with this number placed with this email (any case), if any. */
export async function findGuestOrder(db: Executor, orderNumber: number, email: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.orderNumber, orderNumber), sql`lower(${orders.guestEmail}) = lower(${email})`),
    );
  return row;
}

/** Whether guest orders placed with this email wait for an account to claim them. */
export async function hasUnclaimedGuestOrders(db: Executor, email: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

/** Moves the unclaimed guest orders of `email` into the account; returns their ids. */
export async function claimGuestOrders(db: Executor, userId: string, email: string) {
  return db
    .update(orders)
    .set({ userId, orderUpdateDate: sql`now()` })
    .where(and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`))
    .returning({ id: orders.id });
}

/** A new claim link replaces the account's earlier ones. */
export async function replaceClaimToken(
  db: Executor,
  values: typeof orderClaimTokens.$inferInsert,
) {
  await db.delete(orderClaimTokens).where(eq(orderClaimTokens.userId, values.userId));
  await db.insert(orderClaimTokens).values(values);
}

/** The account's live claim token, deleted as it is read: a link works once. */
export async function takeClaimToken(db: Executor, tokenHash: string, userId: string, now: Date) {
  const [row] = await db
    .delete(orderClaimTokens)
    .where(and(eq(orderClaimTokens.tokenHash, tokenHash), eq(orderClaimTokens.userId, userId)))
    .returning();
  return row && row.expiresAt > now ? row : undefined;
}

/** Payment states of an order that was paid (refunds included): its money is or was taken. */
const PAID = ['paid', 'partially_refunded', 'refunded'] as const;

/** Admin fulfilment: only orders that are paid (and not cancelled by their shopper). */
export async function updateStatus(db: Executor, id: string, orderStatus: AdminOrderStatus) {
  const [row] = await db
    .update(orders)
    .set({ orderStatus, orderUpdateDate: sql`now()` })
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

// Dashboard figures.

export async function paidRevenue(db: Executor) {
  const [row] = await db
    .select({
      // Revenue is net of refunds.
      cents: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)`,
      orders: count(),
      discountCents: sql<string>`coalesce(sum(${orders.discountCents}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.paymentStatus, [...PAID]));
  return {
    cents: Number(row?.cents ?? 0),
    orders: row?.orders ?? 0,
    discountCents: Number(row?.discountCents ?? 0),
  };
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: orders.orderStatus, count: count() })
    .from(orders)
    .groupBy(orders.orderStatus);
}

/** Paid orders per UTC day since `from`. */
export async function paidByDay(db: Executor, from: Date) {
  const day = sql<string>`to_char(${orders.orderDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      cents: sql<string>`sum(${orders.totalCents} - ${orders.refundedCents})`,
      orders: count(),
    })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, [...PAID]), gte(orders.orderDate, from)))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents), orders: r.orders }));
}
