import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from './orders.table';

// The conditional changes of an order whose capture PayPal answered PENDING: each names the
// state it leaves, so of racing callers (return page, webhook, status job, instances) one wins.

/** pending -> pending_capture: captured, but PayPal holds the money. The capture id is kept. */
export async function markPendingCapture(
  db: Executor,
  id: string,
  capture: { paymentId: string; payerId: string; reason: string },
) {
  const [row] = await db
    .update(orders)
    .set({
      paymentStatus: 'pending_capture',
      paymentId: capture.paymentId,
      payerId: capture.payerId,
      capturePendingReason: capture.reason.slice(0, 100),
      capturePendingAt: sql`now()`,
      // Asked about again only after CAPTURE_CHECK.everyMinutes: it was just answered.
      paypalCheckedAt: sql`now()`,
      captureStartedAt: null,
      orderUpdateDate: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
    .returning();
  return row;
}

/** pending or pending_capture -> cancelled/failed: PayPal declined or denied the capture. */
export async function markCaptureFailed(
  db: Executor,
  id: string,
  from: 'pending' | 'pending_capture',
) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
      captureStartedAt: null,
      orderUpdateDate: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, from)))
    .returning();
  return row;
}

/** How often the status job asks PayPal about a pending capture: hourly, daily after a week. */
export const CAPTURE_CHECK = { everyMinutes: 60, slowAfterDays: 7, slowEveryMinutes: 24 * 60 };

/** pending_capture orders the status job should ask PayPal about now (longest unasked first). */
export async function findPendingCapturesToCheck(db: Executor, now: Date, limit: number) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const recent = gt(orders.capturePendingAt, ago(CAPTURE_CHECK.slowAfterDays * 24 * 60));
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending_capture'),
        or(
          isNull(orders.paypalCheckedAt),
          and(recent, lt(orders.paypalCheckedAt, ago(CAPTURE_CHECK.everyMinutes))),
          lt(orders.paypalCheckedAt, ago(CAPTURE_CHECK.slowEveryMinutes)),
        ),
      ),
    )
    .orderBy(sql`${orders.paypalCheckedAt} asc nulls first`, asc(orders.capturePendingAt))
    .limit(limit);
}
