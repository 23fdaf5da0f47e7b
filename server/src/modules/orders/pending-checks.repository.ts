import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { selectPayable, withPayment } from './order-payments.repository';
import { orderPayments } from './order-payments.table';
import { orders } from './orders.table';

// The status job's queries: pending orders to expire, and pending payments to ask the provider
// about, each asked again only after a pause.

/** Pending orders placed before `cutoff` (oldest first). */
export async function findStalePending(db: Executor, cutoff: Date, limit: number) {
  const rows = await selectPayable(
    db,
    and(eq(orders.paymentStatus, 'pending'), lt(orders.orderDate, cutoff)),
  )
    .orderBy(asc(orders.orderDate))
    .limit(limit);
  return rows.map(withPayment);
}

/** Pending provider orders placed before `placedBefore` and not asked about since `checkedBefore`. */
export async function findPendingToCheck(
  db: Executor,
  placedBefore: Date,
  checkedBefore: Date,
  limit: number,
) {
  const rows = await selectPayable(
    db,
    and(
      eq(orders.paymentStatus, 'pending'),
      isNotNull(orderPayments.providerOrderId),
      lt(orders.orderDate, placedBefore),
      or(isNull(orderPayments.checkedAt), lt(orderPayments.checkedAt, checkedBefore)),
    ),
  )
    .orderBy(sql`${orderPayments.checkedAt} asc nulls first`, asc(orders.orderDate))
    .limit(limit);
  return rows.map(withPayment);
}

export async function markChecked(db: Executor, id: string, at: Date) {
  await db.update(orderPayments).set({ checkedAt: at }).where(eq(orderPayments.orderId, id));
}

/** How often the status job asks the provider about a pending capture: hourly, daily after a week. */
export const CAPTURE_CHECK = { everyMinutes: 60, slowAfterDays: 7, slowEveryMinutes: 24 * 60 };

/** pending_capture orders the status job should ask about now (longest unasked first). */
export async function findPendingCapturesToCheck(db: Executor, now: Date, limit: number) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const recent = gt(orderPayments.capturePendingAt, ago(CAPTURE_CHECK.slowAfterDays * 24 * 60));
  const rows = await selectPayable(
    db,
    and(
      eq(orders.paymentStatus, 'pending_capture'),
      or(
        isNull(orderPayments.checkedAt),
        and(recent, lt(orderPayments.checkedAt, ago(CAPTURE_CHECK.everyMinutes))),
        lt(orderPayments.checkedAt, ago(CAPTURE_CHECK.slowEveryMinutes)),
      ),
    ),
  )
    .orderBy(sql`${orderPayments.checkedAt} asc nulls first`, asc(orderPayments.capturePendingAt))
    .limit(limit);
  return rows.map(withPayment);
}
