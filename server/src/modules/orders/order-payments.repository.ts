import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { Shopper } from '../../lib/shopper';
import { type OrderPaymentStatus, orderPayments } from './order-payments.table';
import { lockOrder, type OrderRow, openedBy } from './orders.repository';
import { orders } from './orders.table';

// A pending order's payment changes: each locks the order's row first and then reads and
// writes its payment row, so of racing callers (return page, webhook, status job, instances)
// exactly one moves it on, and a check made after the lock sees the winner's commit.

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
/** An order with its provider payment (none for a total of 0). */
export type PayableOrder = OrderRow & { payment: OrderPaymentRow | null };

export const withPayment = (r: {
  order: OrderRow;
  payment: OrderPaymentRow | null;
}): PayableOrder => ({
  ...r.order,
  payment: r.payment,
});

export function selectPayable(db: Executor, where: SQL | undefined) {
  return db
    .select({ order: orders, payment: orderPayments })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(where);
}

export async function insertPayment(
  db: Executor,
  values: { orderId: string; amountCents: number; currency: string },
) {
  await db.insert(orderPayments).values({ ...values, provider: 'paypal', method: 'paypal' });
}

export async function setProviderOrderId(db: Executor, orderId: string, providerOrderId: string) {
  await db
    .update(orderPayments)
    .set({ providerOrderId, updatedAt: sql`now()` })
    .where(eq(orderPayments.orderId, orderId));
}

/** The payments of these orders (for their records). */
export async function paymentsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds));
}

export async function findPayable(db: Executor, id: string) {
  const [row] = await selectPayable(db, eq(orders.id, id));
  return row && withPayment(row);
}

export async function findByProviderOrderId(db: Executor, providerOrderId: string) {
  if (!providerOrderId) return undefined;
  const [row] = await selectPayable(
    db,
    and(eq(orderPayments.provider, 'paypal'), eq(orderPayments.providerOrderId, providerOrderId)),
  );
  return row && withPayment(row);
}

/**
 * The order's row locked, then its payment as committed: the turn of one change, in the
 * caller's transaction (each caller opens one with transact).
 */
async function inOrderTurn<T>(
  tx: Executor,
  id: string,
  work: (tx: Executor, order: OrderRow, payment: OrderPaymentRow | undefined) => Promise<T>,
) {
  // A savepoint in the caller's transaction, not a transaction of its own.
  return tx.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return undefined;
    const [payment] = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, id));
    return work(tx, order, payment);
  });
}

async function setPayment(
  tx: Executor,
  id: string,
  values: PgUpdateSetSource<typeof orderPayments>,
  where?: SQL,
) {
  const [row] = await tx
    .update(orderPayments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orderPayments.id, id), where))
    .returning();
  return row;
}

async function setOrder(tx: Executor, id: string, values: PgUpdateSetSource<typeof orders>) {
  const [row] = await tx
    .update(orders)
    .set({ ...values, orderUpdateDate: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/**
 * Marks a capture call whose outcome is not known yet (capture_started_at = now). Cancel and
 * expiry leave such an order alone for a while, so a capture in flight never races a release.
 */
export async function markCaptureStarted(tx: Executor, id: string) {
  return inOrderTurn(tx, id, async (tx, order, payment) => {
    if (order.paymentStatus !== 'pending' || !payment) return undefined;
    // Milliseconds, so the Date read back compares equal in endCaptureAttempt.
    return setPayment(tx, payment.id, {
      captureStartedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
    });
  });
}

/**
 * The attempt that set `startedAt` ended without a capture. `refused` (the provider's answer is
 * final) also moves on to a new idempotency key, since PayPal replays a key's stored answer.
 */
export async function endCaptureAttempt(
  tx: Executor,
  id: string,
  startedAt: Date,
  refused: boolean,
) {
  await inOrderTurn(tx, id, async (tx, order, payment) => {
    if (order.paymentStatus !== 'pending' || !payment) return;
    await setPayment(
      tx,
      payment.id,
      {
        captureStartedAt: null,
        ...(refused ? { captureRefusals: sql`${orderPayments.captureRefusals} + 1` } : {}),
      },
      eq(orderPayments.captureStartedAt, startedAt),
    );
  });
}

/**
 * pending (or a pending_capture the provider completed) -> paid, once: of two racing calls
 * only one gets the row back. An order of total 0 has no payment to record.
 */
export async function markPaid(
  db: Executor,
  id: string,
  capture: { captureId: string; payerId: string },
  from: 'pending' | 'pending_capture' = 'pending',
) {
  return inOrderTurn(db, id, async (tx, order, payment) => {
    if (order.paymentStatus !== from) return undefined;
    if (payment) {
      await setPayment(tx, payment.id, {
        status: 'captured',
        captureId: capture.captureId,
        payerId: capture.payerId,
        captureStartedAt: null,
        capturedAt: sql`now()`,
      });
    }
    return setOrder(tx, id, { orderStatus: 'confirmed', paymentStatus: 'paid' });
  });
}

/** pending -> pending_capture: captured, but the provider holds the money. */
export async function markPendingCapture(
  db: Executor,
  id: string,
  capture: { captureId: string; payerId: string; reason: string },
) {
  return inOrderTurn(db, id, async (tx, order, payment) => {
    if (order.paymentStatus !== 'pending' || !payment) return undefined;
    await setPayment(tx, payment.id, {
      status: 'capture_pending',
      captureId: capture.captureId,
      payerId: capture.payerId,
      capturePendingReason: capture.reason.slice(0, 100),
      capturePendingAt: sql`now()`,
      // Asked about again only after CAPTURE_CHECK.everyMinutes: it was just answered.
      checkedAt: sql`now()`,
      captureStartedAt: null,
    });
    return setOrder(tx, id, { paymentStatus: 'pending_capture' });
  });
}

/** pending or pending_capture -> cancelled/failed: the provider declined or denied the capture. */
export async function markCaptureFailed(
  db: Executor,
  id: string,
  from: 'pending' | 'pending_capture',
) {
  return inOrderTurn(db, id, async (tx, order, payment) => {
    if (order.paymentStatus !== from) return undefined;
    if (payment) await setPayment(tx, payment.id, { status: 'failed', captureStartedAt: null });
    return setOrder(tx, id, { orderStatus: 'cancelled', paymentStatus: 'failed' });
  });
}

/**
 * When a pending order may be released: `unasked` only if no capture was ever left without an
 * answer (the provider cannot have been paid); `asked` (the provider said it is not paid) unless
 * a capture started within the last `guardSeconds`; `final` (the provider denied it) always.
 */
export type ReleaseMode = 'unasked' | 'asked' | 'final';

function releasable(mode: ReleaseMode, guardSeconds: number) {
  if (mode === 'final') return undefined;
  if (mode === 'unasked') return isNull(orderPayments.captureStartedAt);
  return or(
    isNull(orderPayments.captureStartedAt),
    lt(orderPayments.captureStartedAt, sql`now() - make_interval(secs => ${guardSeconds})`),
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
  return inOrderTurn(db, id, async (tx, order, payment) => {
    if (order.paymentStatus !== 'pending') return undefined;
    const status: OrderPaymentStatus = paymentStatus;
    if (
      payment &&
      !(await setPayment(tx, payment.id, { status }, releasable(mode, guardSeconds)))
    ) {
      return undefined;
    }
    return setOrder(tx, id, { orderStatus: 'cancelled', paymentStatus });
  });
}

/**
 * Cancels the shopper's pending orders that a new checkout may replace: never one with a
 * capture left unanswered, nor one whose provider order is still being opened (younger than
 * the guard and without a provider id). Returns the cancelled ids.
 */
export async function cancelReplaceablePending(
  tx: Executor,
  shopper: Shopper,
  guardSeconds: number,
) {
  // A savepoint: checkout calls this inside its own transaction (place-order.ts).
  return tx.transaction(async (tx) => {
    const locked = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(openedBy(shopper), eq(orders.paymentStatus, 'pending')))
      .for('update');
    if (locked.length === 0) return [];
    // Read after the locks: a capture started meanwhile is seen.
    const old = sql`${orders.orderDate} < now() - make_interval(secs => ${guardSeconds})`;
    const replaceable = await tx
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .where(
        and(
          inArray(
            orders.id,
            locked.map((r) => r.id),
          ),
          isNull(orderPayments.captureStartedAt),
          or(isNotNull(orderPayments.providerOrderId), old),
        ),
      );
    const ids = replaceable.map((r) => r.id);
    if (ids.length === 0) return [];
    await tx
      .update(orderPayments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(inArray(orderPayments.orderId, ids));
    return tx
      .update(orders)
      .set({ orderStatus: 'cancelled', paymentStatus: 'cancelled', orderUpdateDate: sql`now()` })
      .where(inArray(orders.id, ids))
      .returning({ id: orders.id });
  });
}

export async function findPendingByShopper(db: Executor, shopper: Shopper) {
  const rows = await selectPayable(db, and(openedBy(shopper), eq(orders.paymentStatus, 'pending')));
  return rows.map(withPayment);
}

/** The captured payment of an order: what its refunds return money to (undefined: none). */
export async function capturedPaymentOf(db: Executor, orderId: string) {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'captured')));
  return row;
}

export async function findPayment(db: Executor, id: string) {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, id));
  return row;
}

/** The order whose capture this is. */
export async function orderIdOfCapture(db: Executor, captureId: string) {
  if (!captureId) return undefined;
  const [row] = await db
    .select({ id: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.captureId, captureId));
  return row?.id;
}
